import { activeToys } from '../../../shared/domain/children.js';
import { swapList as swapIds } from '../../../shared/domain/observations.js';

// The swap list after a rotation (the rule is shared/domain's), grouped by storage place so a
// parent walks to each bin once. Pure, so it is tested without a browser.

export type SwapToy = { id: string; title: string; location: string | null };

export type SwapItem = { toyId: string; title: string; place: string | null; direction: SwapDirection };
type SwapDirection = 'away' | 'out';
export type SwapGroup = { place: string | null; items: SwapItem[] };
export type SwapList = { putAway: SwapGroup[]; bringOut: SwapGroup[] };

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
const NO_PLACE_LAST = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : byName(a, b));

/** A storage place as typed, or null when blank. */
function placeName(location: string | null | undefined): string | null {
  return location?.trim() || null;
}

/** Toys by id: a Map, or the live toys (hooks/live-toys.ts). */
export type ToysById = { get(id: string): SwapToy | undefined };

function groups(ids: readonly string[], toys: ToysById, direction: SwapDirection): SwapGroup[] {
  // "Bin 1" and "bin 1 " are one bin: grouped case-insensitively, shown as first spelled.
  const byPlace = new Map<string, SwapGroup>();
  for (const id of ids) {
    const toy = toys.get(id);
    if (!toy) continue; // deleted since: nothing to carry
    const place = placeName(toy.location);
    const key = place?.toLocaleLowerCase() ?? '';
    const group = byPlace.get(key) ?? { place, items: [] };
    group.items.push({ toyId: id, title: toy.title, place: group.place, direction });
    byPlace.set(key, group);
  }
  return [...byPlace.values()]
    .sort((a, b) => NO_PLACE_LAST(a.place, b.place))
    .map((group) => ({ ...group, items: group.items.sort((a, b) => byName(a.title, b.title)) }));
}

/**
 * Put away: toys out before and not now. Bring out: toys out now and not before. A toy out in
 * both (a kept toy, say) stays where it is and is on neither list.
 */
export function swapList(before: readonly string[], now: readonly string[], toys: ToysById): SwapList {
  const { putAway, bringOut } = swapIds(before, now);
  return { putAway: groups(putAway, toys, 'away'), bringOut: groups(bringOut, toys, 'out') };
}

/** The key of one checklist line (a toy can be on both lists only across different rotations). */
export const tickKey = (item: Pick<SwapItem, 'toyId' | 'direction'>): string => `${item.direction}:${item.toyId}`;

export function swapCount(list: SwapList): number {
  return [...list.putAway, ...list.bringOut].reduce((sum, group) => sum + group.items.length, 0);
}

/** One label's toy: `mediaId` for the optional photos (decision 048). */
export type BinLabelToy = { id: string; title: string; mediaId: string | null };
export type BinLabel = { place: string; toys: BinLabelToy[] };

/**
 * Bin labels: one per storage place, listing every active toy stored there (not only the ones
 * moving now), places in the swap list's order; a toy without a place has no bin to label.
 */
export function binLabels(toys: readonly (SwapToy & { retired: boolean; mediaId?: string | null })[]): BinLabel[] {
  const active = activeToys(toys);
  const byId = new Map(active.map((toy) => [toy.id, toy]));
  return groups(
    active.map((toy) => toy.id),
    byId,
    'out',
  ).flatMap((group) =>
    group.place === null
      ? []
      : [
          {
            place: group.place,
            toys: group.items.map((item) => ({ id: item.toyId, title: item.title, mediaId: byId.get(item.toyId)?.mediaId ?? null })),
          },
        ],
  );
}
