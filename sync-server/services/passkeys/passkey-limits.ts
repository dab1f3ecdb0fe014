import { AttemptLimit, RATE_LIMITS, type LimiterFactory } from '../rate-limit.js';

// Passkey calls are limited like the password login (decision 010): per client address, and
// per credential (the passkey's id stands where the login's email does) or per person.

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export function createPasskeyLimits(limiters: LimiterFactory) {
  return {
    /** Each options call stores a challenge: bounded per address (both counters are keyed by it). */
    signInOptions: new AttemptLimit({ points: 100, seconds: 15 * MINUTE }, { points: 100, seconds: 15 * MINUTE }, 'passkey-options', limiters),
    signIn: new AttemptLimit(RATE_LIMITS.loginAttemptsPerIp, { points: 20, seconds: HOUR }, 'passkey-sign-in', limiters),
    /** Adding passkeys (options and answer), per address and per person. */
    register: new AttemptLimit({ points: 30, seconds: HOUR }, { points: 20, seconds: HOUR }, 'passkey-register', limiters),
  };
}
