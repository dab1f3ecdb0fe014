// The rotation picking rule, shared by the server (REST pickRandomToys) and the offline client,
// so a rotation made on a phone without network follows exactly the same rule.

/** New users' rotation count (where the spec is silent, issue 2 decides); the device's until the server's arrives. */
export const DEFAULT_ROTATION_TOYS_NUMBER = 8;

export type RotationCandidate = { id: string; excluded: boolean; favorite: boolean };

/**
 * A source of uniform random integers in [0, maxExclusive). The server passes node's
 * crypto.randomInt; the browser a crypto.getRandomValues-based one; tests a seeded one.
 */
export type RandomInt = (maxExclusive: number) => number;

/**
 * Every kept (favorite) toy that is not excluded, in the given order, followed by `count`
 * toys chosen uniformly at random (without repetition) from the toys that are neither kept
 * nor excluded; fewer when there are not enough. Excluded toys are never picked, even if
 * also marked kept.
 */
export function pickRotation(toys: readonly RotationCandidate[], count: number, randomInt: RandomInt): string[] {
  const kept = toys.filter((toy) => toy.favorite && !toy.excluded).map((toy) => toy.id);
  const pool = toys.filter((toy) => !toy.favorite && !toy.excluded).map((toy) => toy.id);
  const wanted = Math.max(0, Math.min(Math.floor(count), pool.length));
  // Partial Fisher-Yates: after step i, pool[0..i] is a uniform sample in uniform order.
  for (let i = 0; i < wanted; i++) {
    const j = i + randomInt(pool.length - i);
    const picked = pool[j] as string;
    pool[j] = pool[i] as string;
    pool[i] = picked;
  }
  return [...kept, ...pool.slice(0, wanted)];
}

/** The largest allowed rotationToysNumber (spec section 5: toy count minus kept toys). */
export function maxRotationToysNumber(toyCount: number, keptCount: number): number {
  return Math.max(0, toyCount - keptCount);
}

/**
 * The rotation count that applies: the stored number, capped at what the inventory allows.
 * A new account's default (8) with fewer toys means "all of them", not an invalid setting.
 */
export function effectiveRotationCount(stored: number, max: number): number {
  return Math.max(0, Math.min(Math.floor(stored), max));
}

/** The readable answer of a rotation. */
export function rotationMessage(outCount: number): string {
  if (outCount === 0) return 'No toys to rotate: add toys, or un-exclude some, and try again.';
  return `Toys rotated: ${outCount} ${outCount === 1 ? 'toy is' : 'toys are'} out now.`;
}
