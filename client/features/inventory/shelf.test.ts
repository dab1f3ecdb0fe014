import { describe, expect, it } from 'vitest';
import { DEFAULT_INVENTORY_FILTER, filterShelf, sortShelf, usedPlaces } from './shelf.js';

const toy = (id: string, title: string, location: string | null, retired = false) => ({
  id,
  title,
  location,
  retired,
  categoryId: 'uncategorized',
  excluded: false,
  favorite: false,
  createdAt: Number(id),
});
const toys = [toy('1', 'Ball', 'Bin 2'), toy('2', 'Ark', 'bin 2 '), toy('3', 'Car', null), toy('4', 'Drum', 'Attic', true), toy('5', 'Easel', 'Bin 10')];

describe('inventory by storage place and retired', () => {
  it('suggests each place once, in name order', () => {
    expect(usedPlaces(toys)).toEqual(['Attic', 'Bin 2', 'Bin 10']);
  });

  it('shows active toys by default, only retired ones in the Retired view', () => {
    expect(filterShelf(toys, DEFAULT_INVENTORY_FILTER, 0).map((t) => t.title)).toEqual(['Ball', 'Ark', 'Car', 'Easel']);
    expect(filterShelf(toys, { ...DEFAULT_INVENTORY_FILTER, retired: true }, 0).map((t) => t.title)).toEqual(['Drum']);
  });

  it('filters by one place whatever its case, or by no place', () => {
    expect(filterShelf(toys, { ...DEFAULT_INVENTORY_FILTER, place: 'BIN 2' }, 0).map((t) => t.title)).toEqual(['Ball', 'Ark']);
    expect(filterShelf(toys, { ...DEFAULT_INVENTORY_FILTER, place: '' }, 0).map((t) => t.title)).toEqual(['Car']);
  });

  it('sorts by place (numbers in order, no place last), then title', () => {
    expect(sortShelf(toys, 'place', (id) => id).map((t) => t.title)).toEqual(['Drum', 'Ark', 'Ball', 'Easel', 'Car']);
    expect(sortShelf(toys, 'az', (id) => id).map((t) => t.title)).toEqual(['Ark', 'Ball', 'Car', 'Drum', 'Easel']);
  });
});
