// Where a rotation draws its toys from (issue 23, decision 047). The spec's Rotate draws from
// every toy; a parent can also draw from one collection ("the bath toys this week"), or bring
// out one collection whole. Pure, shared by the device (offline) and the server (REST), so both
// pick by the same rule.

/**
 * - `all`: every toy of the child (the spec's rule, the default);
 * - `collection`: the kept toys plus up to the child's rotation count of the collection's toys;
 * - `whole-collection`: the kept toys plus every one of the collection's toys ("Bring out this
 *   collection"), whatever the rotation count.
 */
export type RotationSource =
  | { kind: 'all' }
  | { kind: 'collection'; collectionId: string }
  | { kind: 'whole-collection'; collectionId: string };

export const ALL_TOYS: RotationSource = { kind: 'all' };

/** The refusal when a collection has nothing to bring out (the device and the server answer it alike). */
export const EMPTY_COLLECTION_MESSAGE = 'That collection has no toys to bring out: add toys to it, or un-exclude some, and try again.';
export const COLLECTION_NOT_FOUND = 'That collection was not found.';

type SourceToy = { id: string; excluded: boolean; favorite: boolean; collectionIds: readonly string[] };

const inCollection = (toy: SourceToy, collectionId: string) => toy.collectionIds.includes(collectionId);

/**
 * The toys a pick may choose from (already the child's active toys): with a collection, the
 * kept toys (kept in rotation means always out, wherever they are filed) and the collection's.
 */
export function sourceToys<T extends SourceToy>(toys: readonly T[], source: RotationSource): T[] {
  if (source.kind === 'all') return [...toys];
  return toys.filter((toy) => toy.favorite || inCollection(toy, source.collectionId));
}

/**
 * Whether the collection gives the rotation anything: a toy of it that may come out (not
 * excluded). Without one, a draw would bring out only the kept toys: refused instead.
 */
export function collectionHasToys(toys: readonly SourceToy[], collectionId: string): boolean {
  return toys.some((toy) => !toy.excluded && inCollection(toy, collectionId));
}

/**
 * "Bring out this collection": the kept toys (never excluded ones), then every toy of the
 * collection that is not excluded, each once, in the given order (oldest first).
 */
export function wholeCollection(toys: readonly SourceToy[], collectionId: string): string[] {
  const kept = toys.filter((toy) => toy.favorite && !toy.excluded);
  const rest = toys.filter((toy) => !toy.favorite && !toy.excluded && inCollection(toy, collectionId));
  return [...kept, ...rest].map((toy) => toy.id);
}
