import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTER,
  daysInPreviousMonth,
  dateRangeStart,
  filterToys,
  isFilterActive,
  sortToys,
  type FilterableToy,
  type ToyFilter,
} from './toy-filters.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Local-time construction keeps these independent of the machine's time zone.
const now = new Date(2026, 2, 15, 12, 0, 0).getTime(); // 15 March 2026: February had 28 days

function toy(id: string, fields: Partial<FilterableToy> = {}): FilterableToy {
  return { id, title: id, categoryId: 'uncategorized', excluded: false, favorite: false, createdAt: now, ...fields };
}

const ids = (toys: FilterableToy[]) => toys.map((t) => t.id);
const filter = (patch: Partial<ToyFilter>): ToyFilter => ({ ...DEFAULT_FILTER, ...patch });

describe('daysInPreviousMonth', () => {
  it('counts the days of the calendar month before now, leap years included', () => {
    expect(daysInPreviousMonth(now)).toBe(28);
    expect(daysInPreviousMonth(new Date(2024, 2, 1).getTime())).toBe(29);
    expect(daysInPreviousMonth(new Date(2026, 0, 31).getTime())).toBe(31); // December
    expect(daysInPreviousMonth(new Date(2026, 4, 10).getTime())).toBe(30); // April
  });
});

describe('filterToys by date', () => {
  const toys = [
    toy('hour', { createdAt: now - HOUR }),
    toy('twoDays', { createdAt: now - 2 * DAY }),
    toy('eightDays', { createdAt: now - 8 * DAY }),
    toy('day27', { createdAt: now - 27 * DAY }),
    toy('day29', { createdAt: now - 29 * DAY }),
    toy('day300', { createdAt: now - 300 * DAY }),
    toy('day366', { createdAt: now - 366 * DAY }),
  ];

  it('All time is the default and keeps everything', () => {
    expect(ids(filterToys(toys, DEFAULT_FILTER, now))).toEqual(ids(toys));
    expect(dateRangeStart('all', now)).toBeNull();
  });
  it('Last 24 hours', () => {
    expect(ids(filterToys(toys, filter({ date: 'day' }), now))).toEqual(['hour']);
  });
  it('Last 7 days', () => {
    expect(ids(filterToys(toys, filter({ date: 'week' }), now))).toEqual(['hour', 'twoDays']);
  });
  it('Last month spans the days of the previous month (28 in February)', () => {
    expect(ids(filterToys(toys, filter({ date: 'month' }), now))).toEqual(['hour', 'twoDays', 'eightDays', 'day27']);
    // In April the previous month (March) has 31 days, so a 29-day-old toy is in.
    const april = new Date(2026, 3, 15, 12).getTime();
    const aprilToys = [toy('day29', { createdAt: april - 29 * DAY }), toy('day32', { createdAt: april - 32 * DAY })];
    expect(ids(filterToys(aprilToys, filter({ date: 'month' }), april))).toEqual(['day29']);
  });
  it('Last year is 365 days', () => {
    expect(dateRangeStart('year', now)).toBe(now - 365 * DAY);
    expect(ids(filterToys(toys, filter({ date: 'year' }), now))).not.toContain('day366');
    expect(ids(filterToys(toys, filter({ date: 'year' }), now))).toContain('day300');
  });
});

describe('filterToys by search, category and flags', () => {
  const toys = [
    toy('a', { title: 'Red Truck', categoryId: 'cars' }),
    toy('b', { title: 'Teddy bear', categoryId: 'plush', excluded: true }),
    toy('c', { title: 'Blue truck', categoryId: 'cars', favorite: true }),
    toy('d', { title: 'Puzzle', categoryId: 'uncategorized' }),
  ];

  it('searches titles case-insensitively and ignores surrounding blanks', () => {
    expect(ids(filterToys(toys, filter({ search: '  TRUCK ' }), now))).toEqual(['a', 'c']);
    expect(ids(filterToys(toys, filter({ search: 'zebra' }), now))).toEqual([]);
  });
  it('keeps only the chosen categories (several allowed)', () => {
    expect(ids(filterToys(toys, filter({ categoryIds: ['cars'] }), now))).toEqual(['a', 'c']);
    expect(ids(filterToys(toys, filter({ categoryIds: ['plush', 'uncategorized'] }), now))).toEqual(['b', 'd']);
  });
  it('excluded shows only excluded toys, kept only kept toys, both shows either', () => {
    expect(ids(filterToys(toys, filter({ excluded: true }), now))).toEqual(['b']);
    expect(ids(filterToys(toys, filter({ kept: true }), now))).toEqual(['c']);
    expect(ids(filterToys(toys, filter({ excluded: true, kept: true }), now))).toEqual(['b', 'c']);
  });
  it('combines every criterion', () => {
    expect(ids(filterToys(toys, filter({ search: 'truck', categoryIds: ['cars'], kept: true }), now))).toEqual(['c']);
  });
  it('reports whether anything but the defaults is set', () => {
    expect(isFilterActive(DEFAULT_FILTER)).toBe(false);
    expect(isFilterActive(filter({ date: 'week' }))).toBe(true);
    expect(isFilterActive(filter({ categoryIds: ['cars'] }))).toBe(true);
    expect(isFilterActive(filter({ kept: true }))).toBe(true);
  });
});

describe('sortToys', () => {
  const toys = [
    toy('t1', { title: 'banana', categoryId: 'c2', createdAt: now - 3 * DAY }),
    toy('t2', { title: 'Apple', categoryId: 'c1', createdAt: now - 1 * DAY }),
    toy('t3', { title: 'cherry', categoryId: 'c1', createdAt: now - 2 * DAY }),
    toy('t4', { title: 'Toy 10', categoryId: 'c3', createdAt: now - 5 * DAY }),
    toy('t5', { title: 'Toy 9', categoryId: 'c3', createdAt: now - 4 * DAY }),
  ];
  const names: Record<string, string> = { c1: 'Zoo animals', c2: 'Books', c3: 'Music' };

  it('A to Z and Z to A ignore case and count numbers naturally', () => {
    expect(ids(sortToys(toys, 'az'))).toEqual(['t2', 't1', 't3', 't5', 't4']);
    expect(ids(sortToys(toys, 'za'))).toEqual(['t4', 't5', 't3', 't1', 't2']);
  });
  it('Oldest to Newest and Newest to Oldest', () => {
    expect(ids(sortToys(toys, 'oldest'))).toEqual(['t4', 't5', 't1', 't3', 't2']);
    expect(ids(sortToys(toys, 'newest'))).toEqual(['t2', 't3', 't1', 't5', 't4']);
  });
  it('By type orders by category name, then title', () => {
    expect(ids(sortToys(toys, 'type', (id) => names[id] ?? id))).toEqual(['t1', 't5', 't4', 't2', 't3']);
  });
  it('returns a copy and leaves the input alone', () => {
    const before = ids(toys);
    sortToys(toys, 'az');
    expect(ids(toys)).toEqual(before);
  });
});
