import { describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS, sessionExpired, sessionExpiresAt } from './session.js';

describe('session lifetime', () => {
  it('is the spec\'s 7,140,000 ms (1 h 59 min)', () => {
    expect(SESSION_LIFETIME_MS).toBe((60 + 59) * 60 * 1000);
    expect(sessionExpiresAt(1000)).toBe(1000 + 7_140_000);
  });

  it('ends exactly at its end', () => {
    expect(sessionExpired(0, SESSION_LIFETIME_MS - 1)).toBe(false);
    expect(sessionExpired(0, SESSION_LIFETIME_MS)).toBe(true);
  });
});
