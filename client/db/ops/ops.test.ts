import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../../test-support/sync-harness.js';
import { listIdFor } from '../../../shared/domain/list-names.js';
import { FREE_COLLECTIONS_MESSAGE, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../database.js';
import {
  addList,
  addToy,
  addToysToCollection,
  currentRotation,
  deleteList,
  deleteToy,
  getSettings,
  renameList,
  rotate,
  setExcluded,
  setFavorite,
  setRotationCount,
  updateToy,
} from './index.js';

enableDevMode();

let db: ToyDatabase;
let n = 0;
const userId = 'user-ops';
beforeEach(async () => {
  db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name: `ops-${++n}` });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
});
afterEach(async () => {
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `ops-${n}` });
});

const toy = async (id: string) => (await db.toys.findOne(id).exec())!.toMutableJSON();

describe('toys', () => {
  it('adds with defaults and refuses past the plan limit', async () => {
    const added = await addToy(db, { title: '  Blocks ' });
    expect(added).toMatchObject({ title: 'Blocks', categoryId: 'uncategorized', collectionIds: [], excluded: false, mediaId: null });
    await expect(addToy(db, { title: '' })).rejects.toThrow();
    await db.settings.insert({ ...(await getSettings(db)), toysLimit: 1 });
    await expect(addToy(db, { title: 'Second' })).rejects.toThrow(TOYS_LIMIT_MESSAGE);
  });

  it('switching excluded or kept on while the other is on flips both', async () => {
    const { id } = await addToy(db, { title: 'Ball' });
    await setFavorite(db, id, true);
    await setExcluded(db, id, true);
    expect(await toy(id)).toMatchObject({ excluded: true, favorite: false });
    await setFavorite(db, id, true);
    expect(await toy(id)).toMatchObject({ excluded: false, favorite: true });
    await setFavorite(db, id, false);
    expect(await toy(id)).toMatchObject({ excluded: false, favorite: false });
  });

  it('updates only the given fields, and deletes softly', async () => {
    const { id } = await addToy(db, { title: 'Ball', caption: 'red' });
    await updateToy(db, id, { title: 'Big ball' });
    expect(await toy(id)).toMatchObject({ title: 'Big ball', caption: 'red' });
    await expect(updateToy(db, id, { title: ' ' })).rejects.toThrow();
    await deleteToy(db, id);
    expect(await db.toys.findOne(id).exec()).toBeNull();
    expect(await db.toys.storageInstance.findDocumentsById([id], true)).toEqual([expect.objectContaining({ _deleted: true })]);
  });
});

describe('categories and collections', () => {
  it('ignores blank and duplicate names, and keeps Uncategorized fixed', async () => {
    expect(await addList(db, 'category', '  ')).toBeNull();
    expect(await addList(db, 'category', 'uncategorized')).toBeNull();
    const cars = await addList(db, 'category', 'Cars');
    expect(cars?.id).toBe(listIdFor('category', 'cars '));
    expect(await addList(db, 'category', ' CARS')).toBeNull();
    expect(await renameList(db, 'uncategorized', 'Misc')).toBe(false);
    await deleteList(db, 'uncategorized');
    expect((await db.lists.findOne('uncategorized').exec())?.name).toBe('Uncategorized');
    expect(await renameList(db, cars!.id, 'Trucks')).toBe(true);
    expect(await renameList(db, cars!.id, '')).toBe(false);
  });

  it("deleting a category moves its toys to Uncategorized; deleting a collection takes it off toys", async () => {
    const cars = (await addList(db, 'category', 'Cars'))!;
    const bath = (await addList(db, 'collection', 'Bath'))!;
    const { id } = await addToy(db, { title: 'Truck', categoryId: cars.id });
    await addToysToCollection(db, [id], bath.id);
    await addToysToCollection(db, [], bath.id); // none selected: nothing happens
    expect((await toy(id)).collectionIds).toEqual([bath.id]);
    await deleteList(db, cars.id);
    await deleteList(db, bath.id);
    expect(await toy(id)).toMatchObject({ categoryId: 'uncategorized', collectionIds: [] });
    // The same name again gets a new id: the old one is deleted (and deletes win).
    const again = await addList(db, 'category', 'Cars');
    expect(again?.id).not.toBe(cars.id);
  });

  it('refuses a fourth collection on the free plan with the spec message', async () => {
    for (const name of ['A', 'B', 'C']) await addList(db, 'collection', name);
    await expect(addList(db, 'collection', 'D')).rejects.toThrow(FREE_COLLECTIONS_MESSAGE);
  });
});

describe('rotation', () => {
  it('records the rotation, stamps the toys and the last rotation date, offline', async () => {
    const kept = await addToy(db, { title: 'Kept', favorite: true });
    const excluded = await addToy(db, { title: 'Excluded', excluded: true });
    const others = [await addToy(db, { title: 'A' }), await addToy(db, { title: 'B' }), await addToy(db, { title: 'C' })];
    await setRotationCount(db, 2);
    const { rotation, msg } = await rotate(db, { now: 5000, randomInt: () => 0 });
    expect(rotation.toyIds[0]).toBe(kept.id);
    expect(rotation.toyIds).toHaveLength(3);
    expect(rotation.toyIds).not.toContain(excluded.id);
    expect(msg).toMatch(/3 toys/);
    expect((await currentRotation(db))?.id).toBe(rotation.id);
    expect((await getSettings(db)).lastRotationDate).toBe(5000);
    for (const id of rotation.toyIds) expect((await toy(id)).lastRotatedAt).toBe(5000);
    const left = others.find((t) => !rotation.toyIds.includes(t.id))!;
    expect((await toy(left.id)).lastRotatedAt).toBeNull();
  });

  it('refuses to rotate with nothing to bring out, recording nothing (issue 16, polish 1)', async () => {
    await expect(rotate(db, { now: 5000 })).rejects.toThrow(/No toys to rotate/);
    const excluded = await addToy(db, { title: 'Excluded', excluded: true });
    await expect(rotate(db, { now: 6000 })).rejects.toThrow(/No toys to rotate/);
    await setExcluded(db, excluded.id, false);
    await setRotationCount(db, 0);
    await expect(rotate(db, { now: 7000 })).rejects.toThrow(/choose a number in Settings/);
    expect(await db.rotations.count().exec()).toBe(0);
    expect((await getSettings(db)).lastRotationDate).toBeNull();
    expect((await toy(excluded.id)).lastRotatedAt).toBeNull();
  });

  it('takes a rotation number from 0 to the toy count minus kept toys', async () => {
    await addToy(db, { title: 'Kept', favorite: true });
    await addToy(db, { title: 'A' });
    await expect(setRotationCount(db, 2)).rejects.toThrow('from 0 to 1');
    await expect(setRotationCount(db, -1)).rejects.toThrow();
    await setRotationCount(db, 1);
    expect((await getSettings(db)).rotationToysNumber).toBe(1);
  });
});
