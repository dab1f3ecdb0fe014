// Inventory search, filters and sorts (spec section 4). Pure: the clock comes in as `now`
// (epoch ms), so 'Last month' and friends are testable.

export type FilterableToy = {
  id: string;
  title: string;
  categoryId: string;
  excluded: boolean;
  favorite: boolean;
  createdAt: number;
};

export const DATE_RANGES = ['day', 'week', 'month', 'year', 'all'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export const SORT_ORDERS = ['az', 'za', 'oldest', 'newest', 'type'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export type ToyFilter = {
  /** Matched against the title, case-insensitively, ignoring surrounding blanks. */
  search: string;
  date: DateRange;
  /** Empty means every category. */
  categoryIds: string[];
  /** Only toys excluded from rotation. */
  excluded: boolean;
  /** Only toys kept in rotation. */
  kept: boolean;
};

export const DEFAULT_FILTER: ToyFilter = { search: '', date: 'all', categoryIds: [], excluded: false, kept: false };
export const DEFAULT_SORT: SortOrder = 'newest';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of days in the calendar month before the one `now` falls in (local time). */
export function daysInPreviousMonth(now: number): number {
  const date = new Date(now);
  // Day 0 of this month is the last day of the previous one.
  return new Date(date.getFullYear(), date.getMonth(), 0).getDate();
}

/** The earliest createdAt a range lets through, or null for 'All time'. */
export function dateRangeStart(range: DateRange, now: number): number | null {
  switch (range) {
    case 'day':
      return now - DAY_MS;
    case 'week':
      return now - 7 * DAY_MS;
    case 'month':
      return now - daysInPreviousMonth(now) * DAY_MS;
    case 'year':
      return now - 365 * DAY_MS;
    case 'all':
      return null;
  }
}

/** Whether one toy passes `filter` (what filterToys keeps), for lists kept up to date one toy at a time. */
export function toyMatcher(filter: ToyFilter, now: number): (toy: FilterableToy) => boolean {
  const needle = filter.search.trim().toLocaleLowerCase();
  const start = dateRangeStart(filter.date, now);
  const categories = new Set(filter.categoryIds);
  return (toy) => {
    if (needle && !toy.title.toLocaleLowerCase().includes(needle)) return false;
    if (start !== null && toy.createdAt < start) return false;
    if (categories.size > 0 && !categories.has(toy.categoryId)) return false;
    // A toy is never both (the toggles flip together), so with both boxes ticked a parent
    // means "excluded or kept", not an always-empty "excluded and kept".
    if (filter.excluded || filter.kept) {
      const wanted = (filter.excluded && toy.excluded) || (filter.kept && toy.favorite);
      if (!wanted) return false;
    }
    return true;
  };
}

export function filterToys<T extends FilterableToy>(toys: readonly T[], filter: ToyFilter, now: number): T[] {
  return toys.filter(toyMatcher(filter, now));
}

const byTitle = (a: FilterableToy, b: FilterableToy) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });

/**
 * The order of a sort as a comparison. 'By type' orders by category name (as `categoryName`
 * resolves it), then title. Ties fall back to newest first, then id, so the order is total
 * (two different toys never compare equal) and the same on every device.
 */
export function toyOrder<T extends FilterableToy>(
  order: SortOrder,
  categoryName: (categoryId: string) => string = (categoryId) => categoryId,
): (a: T, b: T) => number {
  const tieBreak = (a: T, b: T) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const compare: (a: T, b: T) => number = {
    az: byTitle,
    za: (a: T, b: T) => byTitle(b, a),
    oldest: (a: T, b: T) => a.createdAt - b.createdAt,
    newest: (a: T, b: T) => b.createdAt - a.createdAt,
    type: (a: T, b: T) =>
      categoryName(a.categoryId).localeCompare(categoryName(b.categoryId), undefined, { sensitivity: 'base' }) ||
      byTitle(a, b),
  }[order];
  return (a, b) => compare(a, b) || tieBreak(a, b);
}

/** A sorted copy (see toyOrder). */
export function sortToys<T extends FilterableToy>(
  toys: readonly T[],
  order: SortOrder,
  categoryName: (categoryId: string) => string = (categoryId) => categoryId,
): T[] {
  return [...toys].sort(toyOrder<T>(order, categoryName));
}

/** True when the filter differs from the defaults (shown as a dot on the Filter button). */
export function isFilterActive(filter: ToyFilter): boolean {
  return (
    filter.date !== DEFAULT_FILTER.date || filter.categoryIds.length > 0 || filter.excluded || filter.kept
  );
}
