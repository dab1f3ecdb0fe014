import { AttemptLimit, type LimiterFactory } from '../rate-limit.js';

const MINUTE = 60;

/** Test notifications: a parent checks a device once or twice; these stop a script using us to spam a push service. */
export function createTestPushLimit(limiters: LimiterFactory) {
  return new AttemptLimit({ points: 30, seconds: 10 * MINUTE }, { points: 5, seconds: 10 * MINUTE }, 'push-test', limiters);
}
