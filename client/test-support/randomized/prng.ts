// Test support: the seeded random numbers of the randomized sync test (mulberry32), so a seed
// replays the same operations.

export type Random = {
  next(): number;
  /** 0 to n - 1. */
  int(n: number): number;
  pick<T>(xs: readonly T[]): T;
};

export function prng(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T };
}
