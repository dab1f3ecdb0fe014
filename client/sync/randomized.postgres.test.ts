// The randomized convergence test (client/test-support/randomized-sync.ts) against a server on
// PostgreSQL: 100 seeds (shard 1 of 1000 in 10), where the SQLite run (randomized-1..4) does
// 1000. The same seeds as the start of randomized-1, so a seed failing only here points at the
// dialect. SYNC_TRIALS, SYNC_SHARDS and SYNC_SEED_START still choose, as for the others.
import { randomizedShard } from '../test-support/randomized-sync.js';

process.env.SYNC_TRIALS ??= '1000';
process.env.SYNC_SHARDS ??= '10';

randomizedShard(1, 'randomized.postgres.test.ts');
