import { describe, expect, it } from 'vitest';
import { retryDelay } from './backoff.js';

describe('retryDelay', () => {
  it('doubles from the base and stops at the cap, before the random stretch', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, 5000, none))).toEqual([5000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(n, 20, none))).toEqual([20, 40, 80, 160, 240, 240]); // tests' short base
  });

  it('stretches each wait by up to half at random, so devices that failed together do not retry together', () => {
    expect(retryDelay(1, 5000, () => 0.5)).toBe(6250);
    expect(retryDelay(1, 5000, () => 0.999)).toBe(7498);
    expect(retryDelay(6, 5000, () => 0.999)).toBe(89_970);
    // Three devices after a server restart, each with its own random source: different waits.
    const sources = [0.1, 0.5, 0.9].map((value) => () => value);
    const waits = sources.map((random) => retryDelay(3, 5000, random));
    expect(new Set(waits).size).toBe(3);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(20_000);
    for (const wait of waits) expect(wait).toBeLessThan(30_000);
  });

  it('keeps a random source that misbehaves within the range', () => {
    expect(retryDelay(1, 1000, () => -3)).toBe(1000);
    expect(retryDelay(1, 1000, () => 7)).toBe(1500);
  });
});
