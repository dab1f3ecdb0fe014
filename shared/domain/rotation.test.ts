import { describe, expect, it } from 'vitest';
import { effectiveRotationCount, maxRotationToysNumber, pickRotation, rotationMessage, type RandomInt, type RotationCandidate } from './rotation.js';

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

const toy = (id: string, flags: Partial<RotationCandidate> = {}): RotationCandidate => ({
  id,
  excluded: false,
  favorite: false,
  ...flags,
});

describe('pickRotation', () => {
  it('keeps every kept toy, never picks excluded ones, and picks the asked number from the rest', () => {
    const toys = [
      toy('kept1', { favorite: true }),
      toy('ex1', { excluded: true }),
      toy('both', { favorite: true, excluded: true }),
      toy('a'),
      toy('b'),
      toy('c'),
      toy('kept2', { favorite: true }),
    ];
    const random = seededRandomInt(1);
    for (let round = 0; round < 50; round++) {
      const picked = pickRotation(toys, 2, random);
      expect(picked.slice(0, 2)).toEqual(['kept1', 'kept2']);
      expect(picked).toHaveLength(4);
      expect(new Set(picked).size).toBe(4);
      expect(picked).not.toContain('ex1');
      expect(picked).not.toContain('both');
      for (const id of picked.slice(2)) expect(['a', 'b', 'c']).toContain(id);
    }
  });

  it('picks fewer when there are not enough, and none for a count of 0', () => {
    const toys = [toy('a'), toy('b'), toy('k', { favorite: true })];
    expect(pickRotation(toys, 10, seededRandomInt(2)).sort()).toEqual(['a', 'b', 'k']);
    expect(pickRotation(toys, 0, seededRandomInt(2))).toEqual(['k']);
    expect(pickRotation([], 8, seededRandomInt(2))).toEqual([]);
  });

  it('asks the random source only for bounds it can satisfy', () => {
    const asked: number[] = [];
    pickRotation([toy('a'), toy('b'), toy('c')], 3, (max) => {
      asked.push(max);
      return max - 1;
    });
    expect(asked).toEqual([3, 2, 1]);
  });

  it('chooses uniformly: every toy is picked about equally often (chi-square over 2,000 picks)', () => {
    const toys = Array.from({ length: 10 }, (_, i) => toy(`t${i}`));
    const counts = new Map<string, number>(toys.map((t) => [t.id, 0]));
    const random = seededRandomInt(42);
    const rounds = 2000;
    const perRound = 3;
    for (let round = 0; round < rounds; round++) {
      for (const id of pickRotation(toys, perRound, random)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const expected = (rounds * perRound) / toys.length; // 600 each
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: p = 0.001 at 27.88. A biased rule (e.g. always the first 3) scores thousands.
    expect(chiSquare).toBeLessThan(27.88);
    expect(Math.min(...counts.values())).toBeGreaterThan(expected * 0.8);
  });

  it('detects a biased source (the statistic above can fail)', () => {
    const toys = Array.from({ length: 10 }, (_, i) => toy(`t${i}`));
    const counts = new Map<string, number>(toys.map((t) => [t.id, 0]));
    const biased: RandomInt = () => 0;
    for (let round = 0; round < 2000; round++) {
      for (const id of pickRotation(toys, 3, biased)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const expected = 600;
    const chiSquare = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeGreaterThan(27.88);
  });
});

describe('rotation limits and messages', () => {
  it('allows at most the toy count minus kept toys', () => {
    expect(maxRotationToysNumber(10, 3)).toBe(7);
    expect(maxRotationToysNumber(0, 0)).toBe(0);
    expect(maxRotationToysNumber(2, 5)).toBe(0);
  });

  it('reads well', () => {
    expect(rotationMessage(8)).toBe('Toys rotated: 8 toys are out now.');
    expect(rotationMessage(1)).toBe('Toys rotated: 1 toy is out now.');
    expect(rotationMessage(0)).toMatch(/No toys to rotate/);
  });
});

describe('effectiveRotationCount', () => {
  it('caps the stored number at what the inventory allows (a new account: 8 with no toys is 0)', () => {
    expect(effectiveRotationCount(8, 0)).toBe(0);
    expect(effectiveRotationCount(8, 3)).toBe(3);
    expect(effectiveRotationCount(2, 5)).toBe(2);
    expect(effectiveRotationCount(-1, 5)).toBe(0);
  });
});
