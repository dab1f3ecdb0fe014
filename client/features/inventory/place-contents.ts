import { latestRotation, type OrderedRotation } from '../../../shared/domain/rotation-order.js';
import { storagePlace } from './shelf.js';

// What a bin's QR label opens (decision 048): the toys stored in that place, split into what
// is in the bin and what is out now (in a child's current rotation). Pure, tested without a browser.

type PlaceToy = { id: string; title: string; location: string | null; retired: boolean };
type PlaceRotation = OrderedRotation & { childId: string; toyIds: readonly string[] };
type PlaceChild = { id: string; label: string };

type OutToy<T> = { toy: T; children: string[] };
type PlaceContents<T> = { inBin: T[]; outNow: OutToy<T>[] };

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });

/**
 * The active toys whose storage place is `place` (the same place whatever its case or blanks),
 * in title order: out now when in any existing child's latest rotation (with those children's
 * names), else in the bin.
 */
export function placeContents<T extends PlaceToy>(
  toys: readonly T[],
  place: string,
  rotations: readonly PlaceRotation[],
  children: readonly PlaceChild[],
): PlaceContents<T> {
  const wanted = place.trim().toLocaleLowerCase();
  const here = toys.filter((toy) => !toy.retired && storagePlace(toy.location)?.toLocaleLowerCase() === wanted).sort(byTitle);
  const outFor = new Map<string, string[]>();
  for (const child of children) {
    const latest = latestRotation(rotations.filter((rotation) => rotation.childId === child.id));
    for (const id of latest?.toyIds ?? []) outFor.set(id, [...(outFor.get(id) ?? []), child.label]);
  }
  return {
    inBin: here.filter((toy) => !outFor.has(toy.id)),
    outNow: here.filter((toy) => outFor.has(toy.id)).map((toy) => ({ toy, children: outFor.get(toy.id) ?? [] })),
  };
}

