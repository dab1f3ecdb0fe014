import type { RotationMode } from '../schemas/docs.js';
import { childPool } from './children.js';
import { pickRotation, type RandomInt } from './rotation.js';
import { collectionHasToys, sourceToys, wholeCollection, type RotationSource } from './rotation-source.js';

// The ONE picking function of the device (offline) and the server's pickRandomToys (issue 14,
// decision 018). `random` is the spec's rule unchanged; `balanced` is the practice of
// parents who rotate toys. Pure: the clock, the random source and the child's history are passed in.

export type PickableToy = {
  id: string;
  excluded: boolean;
  favorite: boolean;
  retired: boolean;
  categoryId: string;
  childIds: readonly string[];
  collectionIds: readonly string[];
};

/**
 * Balanced picking among `toys` (already the child's, in a stable order, oldest first).
 * `history`: the toy ids of the child's rotations, newest first (history[0] is the previous
 * rotation). Returns the kept toys (always out; never excluded or retired ones), then up to
 * `count` others:
 * - a toy out in the previous rotation only when there are not enough others;
 * - spread across categories as evenly as the eligible toys allow: each pick goes to a
 *   category with the fewest picks so far among those with toys left (so per-category counts
 *   differ by at most one while every category has enough);
 * - least recently out first (never out before anything); among toys last out together, the
 *   one out fewer times in `history`; random among ties, both for which of the tied
 *   categories gets the pick and for which toy in it.
 */
export function pickBalanced(toys: readonly PickableToy[], count: number, history: readonly (readonly string[])[], randomInt: RandomInt): string[] {
  const kept = toys.filter((toy) => toy.favorite && !toy.excluded && !toy.retired).map((toy) => toy.id);
  const pool = toys.filter((toy) => !toy.favorite && !toy.excluded && !toy.retired);
  const wanted = Math.max(0, Math.min(Math.floor(count), pool.length));

  // How many rotations ago each toy was last out (0 = the previous one); never = Infinity.
  const lastOut = new Map<string, number>();
  const timesOut = new Map<string, number>();
  history.forEach((toyIds, age) => {
    for (const id of toyIds) {
      if (!lastOut.has(id)) lastOut.set(id, age);
      timesOut.set(id, (timesOut.get(id) ?? 0) + 1);
    }
  });
  // Least recently out first; toys last out together, the one out fewer times in the history
  // (else a toy that keeps winning the same tie would come out more often, a random walk).
  const age = (toy: PickableToy) => (lastOut.get(toy.id) ?? Number.POSITIVE_INFINITY) * 1024 - Math.min(timesOut.get(toy.id) ?? 0, 1023);

  const perCategory = new Map<string, number>();
  const picked: string[] = [];
  const fresh = pool.filter((toy) => age(toy) !== 0);
  const previous = pool.filter((toy) => age(toy) === 0);
  // Toys out last time come back only when the others are not enough.
  for (const candidates of [fresh, previous]) {
    const left = new Map<string, PickableToy[]>();
    for (const toy of candidates) left.set(toy.categoryId, [...(left.get(toy.categoryId) ?? []), toy]);
    while (picked.length < wanted && left.size > 0) {
      const category = pickCategory(left, perCategory, age, randomInt);
      const inCategory = left.get(category) as PickableToy[];
      const toy = oneOf(bestBy(inCategory, age), randomInt);
      picked.push(toy.id);
      perCategory.set(category, (perCategory.get(category) ?? 0) + 1);
      const rest = inCategory.filter((other) => other !== toy);
      if (rest.length === 0) left.delete(category);
      else left.set(category, rest);
    }
  }
  return [...kept, ...picked];
}

/** The categories with the fewest picks so far; among them, the one holding the least recently out toy; random among ties. */
function pickCategory(left: Map<string, PickableToy[]>, perCategory: Map<string, number>, age: (toy: PickableToy) => number, randomInt: RandomInt): string {
  const categories = [...left.keys()];
  const fewest = Math.min(...categories.map((c) => perCategory.get(c) ?? 0));
  const level = categories.filter((c) => (perCategory.get(c) ?? 0) === fewest);
  const oldest = (c: string) => Math.max(...(left.get(c) as PickableToy[]).map(age));
  return oneOf(bestBy(level, oldest), randomInt);
}

/** The items with the highest score (Infinity counts as the highest). */
function bestBy<T>(items: readonly T[], score: (item: T) => number): T[] {
  const top = Math.max(...items.map(score));
  return items.filter((item) => score(item) === top);
}

function oneOf<T>(items: readonly T[], randomInt: RandomInt): T {
  return items[items.length === 1 ? 0 : randomInt(items.length)] as T;
}

export type PickRequest = {
  mode: RotationMode;
  childId: string;
  /** Ids of the children that exist (a toy assigned only to removed children is for everyone). */
  childIds: ReadonlySet<string>;
  /** All the household's live toys, oldest first. */
  toys: readonly PickableToy[];
  count: number;
  /** The child's rotations' toy ids, newest first (only `balanced` reads it). */
  history: readonly (readonly string[])[];
  randomInt: RandomInt;
  /** The clock: the rotation's time. */
  now: number;
  /** Where the toys come from (decision 047); unset: every toy, the spec's rule. */
  source?: RotationSource;
};

/** A new rotation: the toys out, and its time (the rotation's createdAt, the toys' lastRotatedAt, the child's last rotation date). */
export type PickedRotation = { toyIds: string[]; at: number };

/**
 * The toys out for one child: the household's active toys that are for this child, picked by
 * the household's mode. `random` is the spec's rule (every kept toy plus `count` uniformly
 * random others) over those toys.
 *
 * "Least recently out" is measured by the child's history in the server's order, not by the
 * clock: rotations made offline carry their device's clock, which can be wrong, while the
 * order the server accepted them is the same for every device (decisions 008 and 018). The
 * clock is still passed in, as the rotation's time, so the device and the server stamp a
 * rotation the same way.
 */
export function pickForChild(request: PickRequest): PickedRotation {
  const pool = childPool(request.toys, request.childId, request.childIds);
  const source = request.source ?? { kind: 'all' };
  // A collection that gives nothing brings out nothing (not only the kept toys).
  if (source.kind !== 'all' && !collectionHasToys(pool, source.collectionId)) return { toyIds: [], at: request.now };
  if (source.kind === 'whole-collection') return { toyIds: wholeCollection(pool, source.collectionId), at: request.now };
  const toys = sourceToys(pool, source);
  const toyIds =
    request.mode === 'balanced' ? pickBalanced(toys, request.count, request.history, request.randomInt) : pickRotation(toys, request.count, request.randomInt);
  return { toyIds, at: request.now };
}
