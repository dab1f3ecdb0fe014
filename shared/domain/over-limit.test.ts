import { describe, expect, it } from 'vitest';
import { collectionsOverLimitMessage, overLimitIds, toysOverLimitMessage } from './over-limit.js';

describe('over the plan limit', () => {
  it('marks what comes after the limit in the order made, the same on every device', () => {
    const items = [
      { id: 'b', createdAt: 5 },
      { id: 'a', createdAt: 5 },
      { id: 'c', createdAt: 1 },
    ];
    expect(overLimitIds(items, 2)).toEqual(new Set(['b']));
    expect(overLimitIds([...items].reverse(), 2)).toEqual(new Set(['b']));
    expect(overLimitIds(items, 3)).toEqual(new Set());
  });

  it('says how many to remove to add again, and offers the upgrade on the free plan only', () => {
    expect(toysOverLimitMessage(101, 100, 'free')).toBe(
      'You have 101 toys and your plan keeps 100. The toy marked "Over the limit" was added on another device while it was offline; nothing was deleted. To add new toys, remove 2 toys or upgrade to Premium.',
    );
    expect(collectionsOverLimitMessage(52, 50, 'paid')).toMatch(/The 2 collections marked .* were added .* remove 3 collections\.$/);
  });
});
