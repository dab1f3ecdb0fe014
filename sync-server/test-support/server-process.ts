import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The one way tests start a real server process (the browser suite, the durability test, the
// scale-out bench): the production entry point (sync-server/index.ts, which builds its
// dependencies with createDeps) on a free loopback port, ready once it has said so in its log
// and /api/health answers. Node runs it with tsx's loader (`node --import tsx`), not the `tsx`
// command: that one is a wrapper that runs the server as a child of its own, so a SIGKILL
// meant for the server would hit only the wrapper and leave the server running. `entry` runs a
// bundle of it instead (scripts/build-server.js), with plain Node, as `npm start` does.

const repo = path.resolve(import.meta.dirname, '../..');

/** `child` is the server process itself: a signal sent to it reaches the server. */
export type SpawnedServer = { url: string; dataDir: string; log: string; child: ChildProcess; stop(): Promise<void> };

/**
 * Starts a server. Unless `env` says otherwise: SQLite in DATA_DIR, mail to DATA_DIR/outbox,
 * no Stripe (empty counts as unset). `options.dataDir` and `options.port` restart a server where
 * one ran before (the port must be free by then: an earlier server still answering there would
 * pass for the new one); otherwise both are new. stop() ends the process; DATA_DIR is the
 * caller's to remove. `startTimeoutMs` (30 s) bounds the wait for it to answer.
 */
export async function spawnServer(
  env: Record<string, string> = {},
  options: { prefix?: string; dataDir?: string; port?: number; startTimeoutMs?: number; entry?: string } = {},
): Promise<SpawnedServer> {
  const port = options.port ?? (await freePort());
  if (!(await portIsFree(port))) throw new Error(`port ${port} is still in use: an earlier server there has not ended`);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `${options.prefix ?? 'toy-rotation-instance'}-`));
  const log = path.join(dataDir, 'server.log');
  const logFile = fs.openSync(log, 'a');
  const logStart = fs.fstatSync(logFile).size; // a restart appends: only what follows is this process's
  const child = spawn(process.execPath, options.entry ? [options.entry] : ['--import', 'tsx', 'sync-server/index.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      SMTP_URL: '',
      SUPPORT_EMAIL: '',
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_PRICE_PREMIUM: '',
      STRIPE_API_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', logFile, logFile],
  });
  fs.closeSync(logFile);
  try {
    await waitUntilServing(url, child, { log, logStart }, options.startTimeoutMs);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, dataDir, log, child, stop: () => stop(child) };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 6000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether nothing listens on the loopback port (binding it succeeds). */
export async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ready when this process has written its "serving … on <url>" line (index.ts, after it
 * listens) and /api/health answers while it is still alive: the port was free before it
 * started, so the answer is its own.
 */
async function waitUntilServing(base: string, child: ChildProcess, output: { log: string; logStart: number }, timeoutMs = 30_000): Promise<void> {
  const ownLog = () => fs.readFileSync(output.log).subarray(output.logStart).toString('utf8');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server at ${base} exited (${child.exitCode ?? child.signalCode}):\n${ownLog()}`);
    }
    try {
      if (ownLog().includes(` on ${base} `) && (await fetch(`${base}/api/health`)).ok && child.exitCode === null) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server at ${base} did not answer within ${timeoutMs} ms:\n${ownLog()}`);
}
