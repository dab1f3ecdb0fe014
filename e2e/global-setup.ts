import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnServer } from '../sync-server/test-support/server-process.js';

// Builds the client when it is stale (always on CI) into its own folder, starts the real server on a free
// loopback port with a throwaway DATA_DIR (mail goes to DATA_DIR/outbox; support/server-process.ts),
// and hands the address to the tests through vitest's provide/inject.

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
    // A video id so the front page's video (shown only when configured) is there to test.
    { cwd: repo, stdio: 'inherit', env: { VITE_INTRO_VIDEO_ID: 'aqz-KE-bpKQ', ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  return outDir;
}

export default async function setup(project: TestProject) {
  const clientDir = clientBuild();
  // One proxy hop trusted: account helpers send their own X-Forwarded-For, so the many accounts
  // the whole run registers are not all counted against one address's register limit (30 an
  // hour); the browser's own requests carry none and count as the loopback address.
  const server = await spawnServer({ CLIENT_DIR: clientDir, TRUST_PROXY: '1' }, { prefix: 'toy-rotation-e2e' });
  const { url: baseUrl, dataDir } = server;
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('clientDir', clientDir);

  return async () => {
    await server.stop();
    if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
