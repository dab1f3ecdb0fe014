import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

// Builds the client when it is stale (always on CI) into its own folder, starts the real server on a free
// loopback port with a throwaway DATA_DIR (mail goes to DATA_DIR/outbox), and hands the
// address to the tests through vitest's provide/inject.

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The client build this run serves (for files that start a server of their own). */
    clientDir: string;
  }
}

const repo = path.resolve(import.meta.dirname, '..');

function newestMtime(target: string): number {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/**
 * The client build the tests serve. Each build goes to its own folder under e2e/.build, so a
 * rebuild never pulls files from under a run that is still going (several people or agents may
 * run the suite in one work tree); the newest build is reused while no source is newer.
 */
function clientBuild(): string {
  const buildRoot = path.join(repo, 'e2e/.build');
  fs.mkdirSync(buildRoot, { recursive: true });
  const sourcesTime = Math.max(
    ...['client', 'shared', 'vite.config.ts', 'package-lock.json'].map((p) => newestMtime(path.join(repo, p))),
  );
  const builds = fs
    .readdirSync(buildRoot)
    .map((name) => path.join(buildRoot, name))
    .filter((dir) => fs.existsSync(path.join(dir, 'sw.js')) && fs.existsSync(path.join(dir, 'index.html')))
    .sort((a, b) => fs.statSync(path.join(b, 'sw.js')).mtimeMs - fs.statSync(path.join(a, 'sw.js')).mtimeMs);
  const newest = builds[0];
  const fresh = newest && fs.statSync(path.join(newest, 'sw.js')).mtimeMs > sourcesTime;
  if (fresh && !process.env.CI && process.env.E2E_BUILD !== '1') return newest;

  // Builds older than an hour belong to no running suite.
  for (const dir of builds) {
    if (Date.now() - fs.statSync(dir).mtimeMs > 3_600_000) fs.rmSync(dir, { recursive: true, force: true });
  }
  const outDir = path.join(buildRoot, `${Date.now()}-${process.pid}`);
  console.log(`[e2e] building the client into ${path.relative(repo, outDir)}…`);
  const result = spawnSync(
    process.execPath,
    [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false'],
    // vitest sets NODE_ENV=test, which would give a development build (no service worker).
    { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  return outDir;
}

async function freePort(): Promise<number> {
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

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const clientDir = clientBuild();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [path.join(repo, 'node_modules/tsx/dist/cli.mjs'), 'sync-server/index.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      CLIENT_DIR: clientDir,
      // Unset (empty counts as unset): mail to the outbox, no Stripe, SQLite.
      SMTP_URL: '',
      SUPPORT_EMAIL: '',
      DATABASE_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      STRIPE_PRICE_PREMIUM: '',
      STRIPE_API_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', logFile, logFile],
  });
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    console.error(fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8'));
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('clientDir', clientDir);

  return async () => {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 6000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
    fs.closeSync(logFile);
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
