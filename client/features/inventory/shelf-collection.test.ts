import { describe, expect, it } from 'vitest';
import { DEFAULT_INVENTORY_FILTER, filterShelf, isShelfFilterActive } from './shelf.js';

const toy = (id: string, title: string, collectionIds: string[]) => ({
  id,
  title,
  collectionIds,
  location: null,
  retired: false,
  categoryId: 'uncategorized',
  excluded: false,
  favorite: false,
  createdAt: Number(id),
});
const toys = [toy('1', 'Duck', ['bath']), toy('2', 'Boat', ['bath', 'travel']), toy('3', 'Car', ['travel']), toy('4', 'Drum', [])];

describe('the inventory filtered by collection', () => {
  it("shows one collection's toys, the toys in none, or all", () => {
    const titles = (collectionId: string | null) => filterShelf(toys, { ...DEFAULT_INVENTORY_FILTER, collectionId }, 0).map((t) => t.title);
    expect(titles('bath')).toEqual(['Duck', 'Boat']);
    expect(titles('travel')).toEqual(['Boat', 'Car']);
    expect(titles('')).toEqual(['Drum']);
    expect(titles(null)).toEqual(['Duck', 'Boat', 'Car', 'Drum']);
  });

  it('marks the Filter button while a collection is chosen', () => {
    expect(isShelfFilterActive(DEFAULT_INVENTORY_FILTER)).toBe(false);
    expect(isShelfFilterActive({ ...DEFAULT_INVENTORY_FILTER, collectionId: 'bath' })).toBe(true);
  });
});
