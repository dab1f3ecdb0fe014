// `npm start` rows of `npm run bench`: a fresh clone (the committed tree, `git archive HEAD`,
// with this checkout's node_modules linked in as `npm install` would have made them) started
// twice, each time until /api/health answers: the first start builds the client, the second
// finds dist/ and dist-server/ matching their sources and runs the server bundle with plain Node
// (scripts/start.js, decision 038). The baselines, in the same minutes: a bare Hono route started
// by tsx, and the same server from its sources through tsx (`npm run serve`).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../sync-server/test-support/server-process.js';
import { patience, progress } from './load.js';
import { row, type BenchPart } from './report.js';

const repo = path.resolve(import.meta.dirname, '..');
const QUIET_START_LIMIT_MS = 300_000;

type Start = { ms: number; output: string };

/** Runs `command` in `cwd` until `url` answers, then ends it (its whole process group). */
async function timeUntilAnswer(command: string[], cwd: string, url: string, env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const limit = patience(QUIET_START_LIMIT_MS);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > limit) throw new Error(`${command.join(' ')} did not answer within ${limit} ms:\n${output}`);
      try {
        if ((await fetch(url)).ok) return { ms: performance.now() - started, output };
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 6000))]);
  }
}

async function npmRun(script: 'start' | 'serve', clone: string, dataDir: string): Promise<Start> {
  const port = await freePort();
  return timeUntilAnswer(['npm', 'run', script], clone, `http://127.0.0.1:${port}/api/health`, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'error' });
}

async function bareHono(): Promise<Start> {
  const port = await freePort();
  return timeUntilAnswer([process.execPath, path.join(repo, 'node_modules/tsx/dist/cli.mjs'), 'bench/bare-hono.ts', String(port)], repo, `http://127.0.0.1:${port}/json`, {});
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const startPart: BenchPart = {
  name: 'start',
  title: '`npm start` of a fresh clone, until /api/health answers',
  async run() {
    const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-clone-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-start-data-'));
    try {
      execSync(`git archive HEAD | tar -x -C ${JSON.stringify(clone)}`, { cwd: repo, stdio: ['ignore', 'ignore', 'inherit'] });
      fs.symlinkSync(path.join(repo, 'node_modules'), path.join(clone, 'node_modules'));
      progress('start: a bare Hono route started by tsx (baseline)');
      const bare = await bareHono();
      progress('start: npm start of the fresh clone (builds the client and the server)');
      const cold = await npmRun('start', clone, dataDir);
      progress('start: npm start again, nothing changed');
      const warm = await npmRun('start', clone, dataDir);
      progress('start: npm run serve (the sources through tsx, baseline)');
      const sources = await npmRun('serve', clone, dataDir);
      const built = /building the client/.test(cold.output) && /building the server/.test(cold.output);
      const rebuilt = /building the (client|server)/.test(warm.output);
      const baseline = `bare Hono route by tsx ${seconds(bare.ms)}; the sources by tsx (npm run serve) ${seconds(sources.ms)}`;
      return [
        row('npm start, fresh clone (builds once)', seconds(cold.ms), baseline, 'builds the client and the server once', built),
        row('npm start again, nothing changed', `${seconds(warm.ms)}${rebuilt ? ' (it rebuilt)' : ''}`, baseline, '<= 3 s, no build', !rebuilt && warm.ms <= 3000),
      ];
    } finally {
      fs.rmSync(clone, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
