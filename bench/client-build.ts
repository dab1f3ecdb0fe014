import path from 'node:path';

/**
 * The client build the benchmark serves: `npm run bench` builds it with `--mode bench` (the
 * production build plus the inventory's benchmark hook, client/features/inventory/bench-hook.ts)
 * into a folder of its own, so dist/, which `npm run serve` serves, never carries the hook.
 */
export const BENCH_CLIENT_DIR = path.resolve('.tmp/bench-client');
