import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../../test-support/sync-harness.js';
import { COLLECTION_NOT_FOUND, EMPTY_COLLECTION_MESSAGE } from '../../../shared/domain/rotation-source.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../database.js';
import { addList, addToy, addToysToCollection, currentRotation, getSettings, rotate, setExcluded, setFavorite, setRotationCount } from './index.js';

enableDevMode();

let db: ToyDatabase;
let n = 0;
const userId = 'user-collection-rotation';
beforeEach(async () => {
  db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name: `collection-rotation-${++n}` });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
});
afterEach(async () => {
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `collection-rotation-${n}` });
});

async function household() {
  const bath = (await addList(db, 'collection', 'Bath toys'))!;
  const toys = [];
  for (let i = 0; i < 6; i++) toys.push(await addToy(db, { title: `Toy ${i}` }, 1_000 + i));
  const [kept, b1, b2, b3, excludedBath] = toys.map((toy) => toy.id) as [string, string, string, string, string, string];
  await addToysToCollection(db, [b1, b2, b3, excludedBath], bath.id);
  await setFavorite(db, kept, true);
  await setExcluded(db, excludedBath, true);
  return { bath, kept, bathToys: [b1, b2, b3] };
}

describe('rotating from a collection on the device', () => {
  it('draws the rotation count from the collection only, the kept toy staying out', async () => {
    const { bath, kept, bathToys } = await household();
    await setRotationCount(db, 2);
    for (let round = 0; round < 5; round++) {
      const { rotation, msg } = await rotate(db, { now: 10_000 + round, source: { kind: 'collection', collectionId: bath.id } });
      expect(rotation.toyIds[0]).toBe(kept);
      expect(rotation.toyIds).toHaveLength(3);
      for (const id of rotation.toyIds.slice(1)) expect(bathToys).toContain(id);
      expect(msg).toBe('Toys rotated: 3 toys are out now.');
    }
  });

  it('brings out a whole collection as the current rotation, whatever the rotation count', async () => {
    const { bath, kept, bathToys } = await household();
    await setRotationCount(db, 1);
    await rotate(db, { now: 10_000 });
    const { rotation } = await rotate(db, { now: 20_000, source: { kind: 'whole-collection', collectionId: bath.id } });
    expect(rotation.toyIds).toEqual([kept, ...bathToys]);
    expect((await currentRotation(db))?.id).toBe(rotation.id);
    expect((await getSettings(db)).lastRotationDate).toBe(20_000);
    for (const id of bathToys) expect((await db.toys.findOne(id).exec())?.lastRotatedAt).toBe(20_000);
  });

  it('refuses an empty or unknown collection and records nothing', async () => {
    await household();
    const empty = (await addList(db, 'collection', 'Empty'))!;
    const category = (await db.lists.findOne('uncategorized').exec())!;
    await expect(rotate(db, { source: { kind: 'whole-collection', collectionId: empty.id } })).rejects.toThrow(EMPTY_COLLECTION_MESSAGE);
    await expect(rotate(db, { source: { kind: 'collection', collectionId: empty.id } })).rejects.toThrow(EMPTY_COLLECTION_MESSAGE);
    await expect(rotate(db, { source: { kind: 'collection', collectionId: 'gone' } })).rejects.toThrow(COLLECTION_NOT_FOUND);
    await expect(rotate(db, { source: { kind: 'collection', collectionId: category.id } })).rejects.toThrow(COLLECTION_NOT_FOUND);
    expect(await db.rotations.find().exec()).toHaveLength(0);
    expect((await getSettings(db)).lastRotationDate).toBeNull();
  });
});
