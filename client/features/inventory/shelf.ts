// The inventory's storage-place and retired views (issue 14), on top of the spec's filters and
// sorts in shared/domain/toy-filters.ts.
import {
  DEFAULT_FILTER,
  SORT_ORDERS,
  isFilterActive,
  toyMatcher,
  toyOrder,
  type FilterableToy,
  type SortOrder,
  type ToyFilter,
} from '../../../shared/domain/toy-filters.js';

export type InventoryFilter = ToyFilter & {
  /** One storage place (compared case-insensitively), '' for toys without one, null for any. */
  place: string | null;
  /** The "Retired" view: only retired toys; otherwise only active ones. */
  retired: boolean;
  /** One collection's toys (decision 047), '' for toys in none, null for any. */
  collectionId: string | null;
};
export type InventorySort = SortOrder | 'place';

export const DEFAULT_INVENTORY_FILTER: InventoryFilter = { ...DEFAULT_FILTER, place: null, retired: false, collectionId: null };
export const INVENTORY_SORTS: readonly InventorySort[] = [...SORT_ORDERS, 'place'];

type ShelfToy = FilterableToy & { location: string | null; retired: boolean; collectionIds?: readonly string[] };

/** A storage place as typed, or null when blank. */
export function storagePlace(text: string | null | undefined): string | null {
  return text?.trim() || null;
}

/** Every storage place in use, once each whatever its case, in name order (for suggestions and the filter). */
export function usedPlaces(toys: readonly { location: string | null }[]): string[] {
  const places = new Map<string, string>();
  for (const toy of toys) {
    const place = storagePlace(toy.location);
    if (place && !places.has(place.toLocaleLowerCase())) places.set(place.toLocaleLowerCase(), place);
  }
  return [...places.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
}

const samePlace = (a: string | null, b: string) => (storagePlace(a)?.toLocaleLowerCase() ?? '') === b.trim().toLocaleLowerCase();

function inCollection(collectionIds: readonly string[], wanted: string | null): boolean {
  if (wanted === null) return true;
  return wanted === '' ? collectionIds.length === 0 : collectionIds.includes(wanted);
}

/** Whether one toy is on the shelf `filter` shows (the spec's filters, the place, retired or not). */
export function shelfMatcher(filter: InventoryFilter, now: number): (toy: ShelfToy) => boolean {
  const spec = toyMatcher(filter, now);
  return (toy) =>
    toy.retired === filter.retired &&
    (filter.place === null || samePlace(toy.location, filter.place)) &&
    inCollection(toy.collectionIds ?? [], filter.collectionId) &&
    spec(toy);
}

export function filterShelf<T extends ShelfToy>(toys: readonly T[], filter: InventoryFilter, now: number): T[] {
  return toys.filter(shelfMatcher(filter, now));
}

/**
 * The spec's sorts, plus by storage place (toys without one last, then by title), as a total
 * order (ties end on the id: two toys never compare equal, so a toy's place is found by search).
 */
export function shelfOrder<T extends ShelfToy>(order: InventorySort, categoryName: (id: string) => string): (a: T, b: T) => number {
  if (order !== 'place') return toyOrder<T>(order, categoryName);
  const byTitle = toyOrder<T>('az');
  return (a, b) => {
    const pa = storagePlace(a.location);
    const pb = storagePlace(b.location);
    if (pa !== pb) {
      if (pa === null) return 1;
      if (pb === null) return -1;
      const byPlace = pa.localeCompare(pb, undefined, { sensitivity: 'base', numeric: true });
      if (byPlace !== 0) return byPlace;
    }
    return byTitle(a, b);
  };
}

export function sortShelf<T extends ShelfToy>(toys: readonly T[], order: InventorySort, categoryName: (id: string) => string): T[] {
  return [...toys].sort(shelfOrder<T>(order, categoryName));
}

export function isShelfFilterActive(filter: InventoryFilter): boolean {
  return isFilterActive(filter) || filter.place !== null || filter.retired || filter.collectionId !== null;
}
