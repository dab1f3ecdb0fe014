import { describe, expect, it } from 'vitest';
import { placeContents } from './place-contents.js';

const toy = (id: string, title: string, location: string | null, retired = false) => ({ id, title, location, retired });
const toys = [toy('a', 'Ark', 'Bin 3'), toy('b', 'Ball', ' bin 3 '), toy('c', 'Car', 'Bin 3'), toy('d', 'Drum', 'Bin 3', true), toy('e', 'Easel', 'Attic')];
const rotation = (id: string, childId: string, serverOrder: number | null, toyIds: string[]) => ({ id, childId, serverOrder, toyIds, createdAt: 0 });
const children = [
  { id: 'first-child', label: 'Mia' },
  { id: 'kid2', label: 'Leo' },
];

describe('what a bin label opens', () => {
  it("splits the place's active toys into in the bin and out now (any child's latest rotation), whatever the place's case", () => {
    const rotations = [rotation('old', 'first-child', 1, ['a', 'b', 'c']), rotation('new', 'first-child', 5, ['b', 'e']), rotation('leo', 'kid2', 3, ['b', 'c']), rotation('gone', 'removed', 9, ['a'])];
    const contents = placeContents(toys, 'BIN 3', rotations, children);
    expect(contents.inBin.map((t) => t.title)).toEqual(['Ark']);
    expect(contents.outNow.map((o) => [o.toy.title, o.children])).toEqual([
      ['Ball', ['Mia', 'Leo']],
      ['Car', ['Leo']],
    ]);
  });

  it('a place with no toys, or no rotation yet', () => {
    expect(placeContents(toys, 'Garage', [], children)).toEqual({ inBin: [], outNow: [] });
    expect(placeContents(toys, 'Bin 3', [], children).inBin.map((t) => t.title)).toEqual(['Ark', 'Ball', 'Car']);
  });
});
