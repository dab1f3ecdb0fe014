import { describe, expect, it } from 'vitest';
import { pickForChild, type PickableToy, type PickRequest } from './balanced-pick.js';
import type { RandomInt } from './rotation.js';
import { sourceToys, wholeCollection } from './rotation-source.js';

const toy = (id: string, flags: Partial<PickableToy> = {}): PickableToy => ({
  id,
  categoryId: 'c',
  excluded: false,
  favorite: false,
  retired: false,
  childIds: [],
  collectionIds: [],
  ...flags,
});

/** Always the first candidate left: the picks are then the given order. */
const firstOne: RandomInt = () => 0;

const toys = [
  toy('kept', { favorite: true }),
  toy('keptExcluded', { favorite: true, excluded: true }),
  toy('bath1', { collectionIds: ['bath'] }),
  toy('bath2', { collectionIds: ['bath', 'cars'] }),
  toy('bath3', { collectionIds: ['bath'] }),
  toy('bathExcluded', { collectionIds: ['bath'], excluded: true }),
  toy('bathRetired', { collectionIds: ['bath'], retired: true }),
  toy('bathOtherChild', { collectionIds: ['bath'], childIds: ['kid2'] }),
  toy('car', { collectionIds: ['cars'] }),
  toy('loose'),
];

const request = (extra: Partial<PickRequest>): PickRequest => ({
  mode: 'random',
  childId: 'first-child',
  childIds: new Set(['first-child', 'kid2']),
  toys,
  count: 2,
  history: [],
  randomInt: firstOne,
  now: 5_000,
  ...extra,
});

describe('rotation sources', () => {
  it('all toys is the spec rule: a source left out picks exactly as before', () => {
    expect(pickForChild(request({})).toyIds).toEqual(pickForChild(request({ source: { kind: 'all' } })).toyIds);
    expect(sourceToys(toys, { kind: 'all' })).toHaveLength(toys.length);
  });

  for (const mode of ['random', 'balanced'] as const) {
    it(`${mode}: a collection draw brings out the kept toys and up to the count of the collection's toys, nothing else`, () => {
      for (let seed = 0; seed < 20; seed++) {
        let state = seed;
        const randomInt: RandomInt = (max) => (state++ * 7) % max;
        const { toyIds, at } = pickForChild(request({ mode, randomInt, source: { kind: 'collection', collectionId: 'bath' } }));
        expect(at).toBe(5_000);
        expect(toyIds[0]).toBe('kept');
        expect(toyIds).toHaveLength(3);
        for (const id of toyIds.slice(1)) expect(['bath1', 'bath2', 'bath3']).toContain(id);
      }
    });
  }

  it('a count above the collection brings out all of its toys that may come out', () => {
    const { toyIds } = pickForChild(request({ count: 50, source: { kind: 'collection', collectionId: 'bath' } }));
    expect([...toyIds].sort()).toEqual(['bath1', 'bath2', 'bath3', 'kept']);
  });

  it('bringing out a whole collection takes every toy of it (not excluded, retired or another child’s) plus the kept ones, whatever the count', () => {
    const { toyIds } = pickForChild(request({ count: 0, source: { kind: 'whole-collection', collectionId: 'bath' } }));
    expect(toyIds).toEqual(['kept', 'bath1', 'bath2', 'bath3']);
    expect(wholeCollection(toys, 'cars')).toEqual(['kept', 'bath2', 'car']);
  });

  it('a collection with nothing that may come out brings out nothing, not only the kept toys', () => {
    const withEmpty = [...toys, toy('onlyExcluded', { collectionIds: ['empty'], excluded: true })];
    for (const kind of ['collection', 'whole-collection'] as const) {
      expect(pickForChild(request({ toys: withEmpty, source: { kind, collectionId: 'empty' } })).toyIds).toEqual([]);
      expect(pickForChild(request({ source: { kind, collectionId: 'unknown' } })).toyIds).toEqual([]);
    }
  });
});
