// Shard 4 of the randomized convergence test (issue 9, decision 015): see client/test-support/randomized-sync.ts.
import { randomizedShard } from '../test-support/randomized-sync.js';

randomizedShard(4, 'randomized-4.test.ts');
