// The inventory's storage-place and retired views (issue 14), on top of the spec's filters and
// sorts in shared/domain/toy-filters.ts.
import {
  DEFAULT_FILTER,
  SORT_LABELS,
  SORT_ORDERS,
  filterToys,
  isFilterActive,
  sortToys,
  type FilterableToy,
  type SortOrder,
  type ToyFilter,
} from '../../../shared/domain/toy-filters.js';

export type InventoryFilter = ToyFilter & {
  /** One storage place (compared case-insensitively), '' for toys without one, null for any. */
  place: string | null;
  /** The "Retired" view: only retired toys; otherwise only active ones. */
  retired: boolean;
};
export type InventorySort = SortOrder | 'place';

export const DEFAULT_INVENTORY_FILTER: InventoryFilter = { ...DEFAULT_FILTER, place: null, retired: false };
export const INVENTORY_SORTS: readonly InventorySort[] = [...SORT_ORDERS, 'place'];
export const INVENTORY_SORT_LABELS: Record<InventorySort, string> = { ...SORT_LABELS, place: 'By storage place' };

type ShelfToy = FilterableToy & { location: string | null; retired: boolean };

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

export function filterShelf<T extends ShelfToy>(toys: readonly T[], filter: InventoryFilter, now: number): T[] {
  return filterToys(toys, filter, now).filter(
    (toy) => toy.retired === filter.retired && (filter.place === null || samePlace(toy.location, filter.place)),
  );
}

/** The spec's sorts, plus by storage place (toys without one last, then by title). */
export function sortShelf<T extends ShelfToy>(toys: readonly T[], order: InventorySort, categoryName: (id: string) => string): T[] {
  if (order !== 'place') return sortToys(toys, order, categoryName);
  const byTitle = sortToys(toys, 'az');
  const key = (toy: T) => storagePlace(toy.location);
  return byTitle.sort((a, b) => {
    const pa = key(a);
    const pb = key(b);
    if (pa === pb) return 0;
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pa.localeCompare(pb, undefined, { sensitivity: 'base', numeric: true });
  });
}

export function isShelfFilterActive(filter: InventoryFilter): boolean {
  return isFilterActive(filter) || filter.place !== null || filter.retired;
}
