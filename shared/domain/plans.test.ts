import { describe, expect, it } from 'vitest';
import { collectionLimitProblem } from './plans.js';

describe('collectionLimitProblem', () => {
  it('blocks the free plan at 3 collections with the spec message', () => {
    expect(collectionLimitProblem(2, 3, 'free')).toBeNull();
    expect(collectionLimitProblem(3, 3, 'free')).toBe('Free account can have up to 3 collections.');
  });
  it('blocks the paid plan at 50', () => {
    expect(collectionLimitProblem(49, 50, 'paid')).toBeNull();
    expect(collectionLimitProblem(50, 50, 'paid')).toBe('Premium account can have up to 50 collections.');
  });
});
