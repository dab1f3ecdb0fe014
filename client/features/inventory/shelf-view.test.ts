import { describe, expect, it } from 'vitest';
import { DEFAULT_INVENTORY_FILTER, filterShelf, shelfMatcher, shelfOrder, sortShelf, type InventoryFilter, type InventorySort } from './shelf.js';
import { ShelfView } from '../../lib/shelf-view.js';

// The inventory's list after a change to one toy must be what filtering and sorting every toy
// again gives, at a cost that does not grow with the inventory.

type Toy = { id: string; title: string; categoryId: string; excluded: boolean; favorite: boolean; createdAt: number; location: string | null; retired: boolean };

const toy = (n: number, patch: Partial<Toy> = {}): Toy => ({
  id: `toy-${String(n).padStart(5, '0')}`,
  title: `Toy ${(n * 7919) % 1000}`,
  categoryId: `cat-${n % 5}`,
  excluded: n % 11 === 0,
  favorite: n % 7 === 0,
  createdAt: 1_700_000_000_000 + ((n * 104_729) % 100_000) * 1000,
  location: n % 3 === 0 ? null : `Shelf ${n % 4}`,
  retired: n % 13 === 0,
  ...patch,
});
const NOW = 1_800_000_000_000;
const names = (id: string) => `Category ${id}`;

function counted<A extends unknown[], R>(fn: (...args: A) => R) {
  const wrapped = Object.assign((...args: A) => {
    wrapped.calls++;
    return fn(...args);
  }, { calls: 0 });
  return wrapped;
}

function viewOf(toys: Toy[], filter: InventoryFilter, sort: InventorySort) {
  const matches = counted(shelfMatcher(filter, NOW));
  const order = counted(shelfOrder<Toy>(sort, names));
  const view = new ShelfView<Toy>(toys, matches, order);
  return { view, matches, order };
}

const expected = (toys: Iterable<Toy>, filter: InventoryFilter, sort: InventorySort) => sortShelf(filterShelf([...toys], filter, NOW), sort, names);

describe('ShelfView', () => {
  const filters: [string, InventoryFilter][] = [
    ['every active toy', DEFAULT_INVENTORY_FILTER],
    ['kept, searched', { ...DEFAULT_INVENTORY_FILTER, kept: true, search: '1' }],
    ['retired, one place', { ...DEFAULT_INVENTORY_FILTER, retired: true, place: 'shelf 1' }],
  ];
  const sorts: InventorySort[] = ['newest', 'oldest', 'az', 'za', 'type', 'place'];

  for (const [name, filter] of filters) {
    for (const sort of sorts) {
      it(`stays what a full filter and sort gives through edits, adds and deletes (${name}, ${sort})`, () => {
        const toys = new Map(Array.from({ length: 300 }, (_, n) => [toy(n).id, toy(n)]));
        const { view } = viewOf([...toys.values()], filter, sort);
        expect(view.slice(0, view.count)).toEqual(expected(toys.values(), filter, sort));
        for (let step = 0; step < 200; step++) {
          const n = (step * 37) % 320; // some new ids, most existing
          const before = toys.get(toy(n).id);
          const after =
            step % 9 === 0 ? undefined : toy(n, { favorite: step % 2 === 0, title: `Renamed ${step % 17}`, location: step % 5 === 0 ? null : `Shelf ${step % 3}`, retired: step % 13 === 0 });
          if (after) toys.set(after.id, after);
          else toys.delete(toy(n).id);
          view.apply([{ before, after }]);
        }
        expect(view.slice(0, view.count)).toEqual(expected(toys.values(), filter, sort));
      });
    }
  }

  it('touches O(1) toys and O(log n) comparisons for a change to one toy, at 100 or 2,000 toys', () => {
    const costs = [100, 2000].map((size) => {
      const toys = Array.from({ length: size }, (_, n) => toy(n, { retired: false }));
      const { view, matches, order } = viewOf(toys, DEFAULT_INVENTORY_FILTER, 'newest');
      matches.calls = 0;
      order.calls = 0;
      const before = toys[size / 2]!;
      expect(view.apply([{ before, after: { ...before, favorite: !before.favorite } }])).toBe(true);
      return { tested: matches.calls, compared: order.calls };
    });
    expect(costs[0]!.tested).toBe(2); // the toy as it was, and as it is
    expect(costs[1]!.tested).toBe(2);
    // Two binary searches: about 2 log2(n) comparisons (14 at 100 toys, 22 at 2,000).
    expect(costs[1]!.compared).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(2000)) + 2);
  });

  it('says nothing changed when a toy outside the view changes', () => {
    const toys = Array.from({ length: 50 }, (_, n) => toy(n));
    const { view } = viewOf(toys, { ...DEFAULT_INVENTORY_FILTER, kept: true }, 'az');
    const outside = toys.find((t) => !t.favorite && !t.retired)!;
    expect(view.apply([{ before: outside, after: { ...outside, title: 'Still not kept' } }])).toBe(false);
  });
});
