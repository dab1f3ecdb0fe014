// Shard 1 of the randomized convergence test (issue 9, decision 015): see client/test-support/randomized-sync.ts.
import { randomizedShard } from '../test-support/randomized-sync.js';

randomizedShard(1, 'randomized-1.test.ts');
