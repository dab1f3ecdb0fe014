import { describe, expect, it } from 'vitest';
import { binLabels, swapCount, swapList, type SwapToy } from './swap-list.js';

const toys = new Map<string, SwapToy>(
  [
    { id: 'a', title: 'Ark', location: 'Bin 2' },
    { id: 'b', title: 'Ball', location: 'Bin 1' },
    { id: 'c', title: 'Car', location: null },
    { id: 'd', title: 'Drum', location: 'bin 1' },
    { id: 'e', title: 'Easel', location: '  ' },
    { id: 'k', title: 'Kite', location: 'Shelf' },
  ].map((toy) => [toy.id, toy]),
);

describe('swapList', () => {
  it('puts away what was out and is not, brings out what is new, leaves the rest', () => {
    const list = swapList(['k', 'a', 'b'], ['k', 'c', 'd'], toys);
    expect(list.putAway.flatMap((g) => g.items.map((i) => i.toyId))).toEqual(['b', 'a']);
    expect(list.bringOut.flatMap((g) => g.items.map((i) => i.toyId))).toEqual(['d', 'c']);
    expect(swapCount(list)).toBe(4);
  });

  it('groups by storage place (one bin whatever its case), places in order and toys without a place last', () => {
    const list = swapList([], ['c', 'e', 'a', 'd', 'b'], toys);
    expect(list.bringOut.map((g) => [g.place, g.items.map((i) => i.title)])).toEqual([
      ['bin 1', ['Ball', 'Drum']], // spelled as the first toy in the rotation's order
      ['Bin 2', ['Ark']],
      [null, ['Car', 'Easel']],
    ]);
    expect(list.putAway).toEqual([]);
  });

  it('the first rotation brings everything out; a deleted toy is skipped', () => {
    const list = swapList(['gone'], ['a', 'gone'], toys);
    expect(list).toEqual({ putAway: [], bringOut: [{ place: 'Bin 2', items: [{ toyId: 'a', title: 'Ark', place: 'Bin 2', direction: 'out' }] }] });
  });
});

describe('binLabels', () => {
  it('one label per storage place with every active toy stored there; no label for toys without a place', () => {
    const all = [...toys.values()].map((toy) => ({ ...toy, retired: false }));
    const labels = binLabels([...all, { id: 'r', title: 'Rattle', location: 'Bin 2', retired: true }, { id: 'z', title: 'Abacus', location: 'Shelf', retired: false, mediaId: 'f'.repeat(64) }]);
    expect(labels.find((label) => label.place === 'Shelf')?.toys[0]).toEqual({ id: 'z', title: 'Abacus', mediaId: 'f'.repeat(64) });
    expect(labels.map((label) => ({ place: label.place, titles: label.toys.map((toy) => toy.title) }))).toEqual([
      { place: 'Bin 1', titles: ['Ball', 'Drum'] },
      { place: 'Bin 2', titles: ['Ark'] },
      { place: 'Shelf', titles: ['Abacus', 'Kite'] },
    ]);
    expect(binLabels([])).toEqual([]);
  });
});
