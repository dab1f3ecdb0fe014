// Shard 3 of the randomized convergence test (issue 9, decision 015): see client/test-support/randomized-sync.ts.
import { randomizedShard } from '../test-support/randomized-sync.js';

randomizedShard(3, 'randomized-3.test.ts');
