import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const repo = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run serve` (tsx sync-server/index.ts) with `env` over the test's own environment,
 * expecting it to stop at start: its exit code and what it printed to stderr. A server that
 * starts instead is killed after a while (code undefined).
 */
export async function serveUntilExit(env: Record<string, string>): Promise<{ code: number | undefined; stderr: string }> {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'sync-server/index.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'error', ...env },
    timeout: 45_000,
  });
  return run.then(
    () => ({ code: 0, stderr: '' }),
    (error: { code?: number | string; stderr?: string }) => ({ code: typeof error.code === 'number' ? error.code : undefined, stderr: error.stderr ?? '' }),
  );
}
