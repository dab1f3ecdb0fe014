import { describe, expect, it } from 'vitest';
import { pickBalanced, pickForChild, type PickableToy } from './balanced-pick.js';
import type { RandomInt } from './rotation.js';

/** mulberry32: a tiny seeded generator, so the statistics below are reproducible. */
function seededRandomInt(seed: number): RandomInt {
  let state = seed >>> 0;
  return (maxExclusive) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * maxExclusive);
  };
}

const toy = (id: string, categoryId = 'c', flags: Partial<PickableToy> = {}): PickableToy => ({
  id,
  categoryId,
  excluded: false,
  favorite: false,
  retired: false,
  childIds: [],
  collectionIds: [],
  ...flags,
});

function categoryCounts(picked: string[], toys: PickableToy[]): number[] {
  const byId = new Map(toys.map((t) => [t.id, t.categoryId]));
  const counts = new Map<string, number>();
  for (const id of picked) counts.set(byId.get(id) as string, (counts.get(byId.get(id) as string) ?? 0) + 1);
  return [...counts.values()];
}

describe('pickBalanced', () => {
  it('keeps kept toys out first, never picks excluded or retired toys, and picks the asked number', () => {
    const toys = [
      toy('kept', 'a', { favorite: true }),
      toy('keptRetired', 'a', { favorite: true, retired: true }),
      toy('ex', 'a', { excluded: true }),
      toy('old', 'a', { retired: true }),
      toy('x', 'a'),
      toy('y', 'b'),
      toy('z', 'b'),
    ];
    const random = seededRandomInt(3);
    for (let i = 0; i < 30; i++) {
      const picked = pickBalanced(toys, 2, [], random);
      expect(picked[0]).toBe('kept');
      expect(picked).toHaveLength(3);
      expect(picked).not.toContain('ex');
      expect(picked).not.toContain('old');
      expect(picked).not.toContain('keptRetired');
    }
    expect(pickBalanced(toys, 10, [], random).slice(1).sort()).toEqual(['x', 'y', 'z']);
    expect(pickBalanced(toys, 0, [], random)).toEqual(['kept']);
  });

  it('does not bring back a toy out in the previous rotation unless there are not enough others', () => {
    const toys = ['a', 'b', 'c', 'd', 'e'].map((id) => toy(id));
    const random = seededRandomInt(7);
    for (let i = 0; i < 30; i++) {
      expect(pickBalanced(toys, 2, [['a', 'b', 'c']], random).sort()).toEqual(['d', 'e']);
      const four = pickBalanced(toys, 4, [['a', 'b', 'c']], random);
      expect(four.slice(0, 2).sort()).toEqual(['d', 'e']); // the others first, then one of last time's
      expect(['a', 'b', 'c']).toContain(four[2]);
      expect(four[3]).toBeDefined();
    }
  });

  it('spreads picks across categories: per-category counts differ by at most one when every category has enough', () => {
    const toys = [
      ...Array.from({ length: 10 }, (_, i) => toy(`a${i}`, 'a')),
      ...Array.from({ length: 6 }, (_, i) => toy(`b${i}`, 'b')),
      ...Array.from({ length: 5 }, (_, i) => toy(`c${i}`, 'c')),
    ];
    const random = seededRandomInt(11);
    for (const count of [1, 2, 3, 4, 5, 7, 9]) {
      for (let i = 0; i < 20; i++) {
        const counts = categoryCounts(pickBalanced(toys, count, [], random), toys);
        expect(counts.reduce((s, n) => s + n, 0)).toBe(count);
        expect(Math.max(...counts) - Math.min(...counts, count >= 3 ? Infinity : 0)).toBeLessThanOrEqual(1);
        if (count >= 3) expect(counts).toHaveLength(3);
      }
    }
    // A category with too few toys gives all it has; the rest is spread over the others.
    const uneven = [toy('a1', 'a'), ...Array.from({ length: 8 }, (_, i) => toy(`b${i}`, 'b')), ...Array.from({ length: 8 }, (_, i) => toy(`c${i}`, 'c'))];
    const picked = pickBalanced(uneven, 9, [], random);
    expect(picked).toContain('a1');
    expect(categoryCounts(picked, uneven).sort()).toEqual([1, 4, 4]);
  });

  it('prefers toys never out, then the least recently out, within a category', () => {
    const toys = ['a', 'b', 'c', 'd'].map((id) => toy(id));
    const random = seededRandomInt(5);
    // d never out; c out 3 rotations ago; b 2 ago; a in the previous.
    const history = [['a'], ['b'], ['c']];
    for (let i = 0; i < 20; i++) {
      expect(pickBalanced(toys, 1, history, random)).toEqual(['d']);
      expect(pickBalanced(toys, 2, history, random)).toEqual(['d', 'c']);
      expect(pickBalanced(toys, 3, history, random)).toEqual(['d', 'c', 'b']);
    }
  });

  it('is fair over many rotations: every toy of a category comes out as often as the others, none waits long, none twice in a row while others wait', () => {
    const sizes = { a: 9, b: 6, c: 4 };
    const toys = [
      ...Object.entries(sizes).flatMap(([category, size]) => Array.from({ length: size }, (_, i) => toy(`${category}${i}`, category))),
      toy('kept', 'a', { favorite: true }),
    ];
    const random = seededRandomInt(2026);
    const rounds = 360;
    const history: string[][] = [];
    const outCount = new Map<string, number>();
    const lastRound = new Map<string, number>();
    const longestWait = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      // The server keeps a rolling history; the picker sees the last 20 rotations.
      const picked = pickBalanced(toys, 6, history.slice(0, 20), random);
      expect(picked[0]).toBe('kept');
      const others = picked.slice(1);
      expect(others).toHaveLength(6);
      const previous = history[0] ?? [];
      expect(others.filter((id) => previous.includes(id))).toEqual([]); // 19 toys, 6 out: never needed again
      expect(categoryCounts(others, toys).sort()).toEqual([2, 2, 2]);
      for (const id of others) {
        outCount.set(id, (outCount.get(id) ?? 0) + 1);
        longestWait.set(id, Math.max(longestWait.get(id) ?? 0, round - (lastRound.get(id) ?? -1)));
        lastRound.set(id, round);
      }
      history.unshift(picked);
    }
    for (const [category, size] of Object.entries(sizes)) {
      const expected = (2 * rounds) / size; // 2 picks per category per rotation
      for (const t of toys.filter((x) => x.categoryId === category && !x.favorite)) {
        expect(Math.abs((outCount.get(t.id) ?? 0) - expected)).toBeLessThanOrEqual(2); // within 2.5% of 80
        expect(longestWait.get(t.id)).toBeLessThanOrEqual(Math.ceil(size / 2) + 1);
      }
    }
  });

  it('breaks ties uniformly at random (chi-square over many seeds)', () => {
    const toys = Array.from({ length: 8 }, (_, i) => toy(`t${i}`, i < 4 ? 'a' : 'b'));
    const firsts = new Map<string, number>();
    const trials = 8000;
    const random = seededRandomInt(1);
    for (let i = 0; i < trials; i++) {
      const [first] = pickBalanced(toys, 1, [], random);
      firsts.set(first as string, (firsts.get(first as string) ?? 0) + 1);
    }
    const expected = trials / toys.length;
    const chiSquare = toys.reduce((sum, t) => sum + ((firsts.get(t.id) ?? 0) - expected) ** 2 / expected, 0);
    // 7 degrees of freedom: 24.3 is the 0.001 critical value.
    expect(chiSquare).toBeLessThan(24.3);
    expect(firsts.size).toBe(8);
  });
});

describe('pickForChild', () => {
  const children = new Set(['first-child', 'kid2']);
  const toys = [
    toy('shared'),
    toy('forKid2', 'c', { childIds: ['kid2'] }),
    toy('forFirst', 'c', { childIds: ['first-child'] }),
    toy('keptForKid2', 'c', { childIds: ['kid2'], favorite: true }),
    toy('goneChild', 'c', { childIds: ['removed'] }),
    toy('retired', 'c', { retired: true }),
  ];

  for (const mode of ['random', 'balanced'] as const) {
    it(`${mode}: picks only the child's toys (assigned to it, or to nobody that exists), never retired ones`, () => {
      const random = seededRandomInt(1);
      const request = { mode, childIds: children, toys, count: 10, history: [], randomInt: random, now: 1_000 };
      expect(pickForChild({ ...request, childId: 'first-child' }).toyIds.sort()).toEqual(['forFirst', 'goneChild', 'shared']);
      const kid2 = pickForChild({ ...request, childId: 'kid2' }).toyIds;
      expect(kid2[0]).toBe('keptForKid2');
      expect(kid2.sort()).toEqual(['forKid2', 'goneChild', 'keptForKid2', 'shared']);
    });
  }

  it('random mode is the spec rule unchanged: the same picks as pickRotation for the same random source', async () => {
    const { pickRotation } = await import('./rotation.js');
    const plain = [toy('k', 'c', { favorite: true }), toy('a'), toy('b'), toy('c'), toy('d')];
    const viaChild = pickForChild({ mode: 'random', childId: 'first-child', childIds: children, toys: plain, count: 2, history: [['a', 'b']], randomInt: seededRandomInt(4), now: 1_000 });
    expect(viaChild.toyIds).toEqual(pickRotation(plain, 2, seededRandomInt(4)));
  });

  it("the clock passed in is the rotation's time, whatever the mode; the picks do not depend on it", () => {
    for (const mode of ['random', 'balanced'] as const) {
      const request = { mode, childId: 'first-child', childIds: children, toys, count: 2, history: [['shared']], now: 0 };
      const early = pickForChild({ ...request, now: Date.UTC(2026, 0, 1), randomInt: seededRandomInt(9) });
      const late = pickForChild({ ...request, now: Date.UTC(2030, 0, 1), randomInt: seededRandomInt(9) });
      expect(early.at).toBe(Date.UTC(2026, 0, 1));
      expect(late.at).toBe(Date.UTC(2030, 0, 1));
      expect(late.toyIds).toEqual(early.toyIds); // "least recently out" is history order (decision 018)
    }
  });
});
