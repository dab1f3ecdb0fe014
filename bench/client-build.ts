import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildInputsHash, builtFrom } from '../scripts/build-inputs.js';
import { progress } from './load.js';

const repo = path.resolve(import.meta.dirname, '..');

/**
 * The client build the benchmark serves: the production build plus the inventory's benchmark
 * hook (client/features/inventory/bench-hook.ts, `--mode bench`), in a folder of its own, so
 * dist/, which `npm start` serves, never carries the hook.
 */
export const BENCH_CLIENT_DIR = path.join(repo, '.tmp/bench-client');

/**
 * Builds it (into `outDir`, with any further Vite flags, such as `--sourcemap` for the profile)
 * unless that folder was built from the sources as they are (scripts/build-inputs.ts).
 */
export function ensureBenchBuild(outDir = BENCH_CLIENT_DIR, flags: string[] = []): void {
  const name = path.relative(repo, outDir);
  if (builtFrom(outDir) === buildInputsHash(repo, 'bench')) return progress(`${name} matches the sources`);
  progress(`building the client for the bench (--mode bench ${flags.join(' ')}) into ${name}`);
  const result = spawnSync(
    process.execPath,
    [path.join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'bench', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...flags],
    { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (result.status !== 0) throw new Error('the bench build failed');
}
