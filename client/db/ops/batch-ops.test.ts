import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../../test-support/sync-harness.js';
import { TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../database.js';
import { addList, addToy, addToys, finishStarterCategories, getSettings } from './index.js';

enableDevMode(); // every write is validated against the schemas

let db: ToyDatabase;
let n = 0;
const userId = 'user-batch-ops';
beforeEach(async () => {
  db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name: `batch-ops-${++n}` });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
});
afterEach(async () => {
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `batch-ops-${n}` });
});

describe('adding many toys at once', () => {
  it('writes them all in one bulk write, with defaults, in the order given', async () => {
    const bulk = vi.spyOn(db.toys, 'bulkInsert');
    const single = vi.spyOn(db.toys, 'insert');
    const added = await addToys(db, [{ title: ' Kite ' }, { title: 'Drum', categoryId: 'cat-x', location: 'Bin 2' }, { title: 'Ball' }], 1000);
    expect(bulk).toHaveBeenCalledTimes(1);
    expect(single).not.toHaveBeenCalled();
    expect(added.map((toy) => toy.title)).toEqual(['Kite', 'Drum', 'Ball']);
    expect(added.map((toy) => toy.createdAt)).toEqual([1000, 1001, 1002]);
    expect(new Set(added.map((toy) => toy.id)).size).toBe(3);
    const stored = (await db.toys.find().exec()).map((doc) => doc.toMutableJSON());
    expect(stored).toHaveLength(3);
    expect(stored.find((toy) => toy.title === 'Drum')).toMatchObject({ categoryId: 'cat-x', location: 'Bin 2', retired: false, collectionIds: [] });
    expect(stored.find((toy) => toy.title === 'Kite')).toMatchObject({ categoryId: 'uncategorized', location: null });
  });

  it('adds none when they do not all fit in the plan, and none when one is not valid', async () => {
    await db.settings.insert({ ...(await getSettings(db)), toysLimit: 3 });
    await addToy(db, { title: 'First' });
    await expect(addToys(db, [{ title: 'a' }, { title: 'b' }, { title: 'c' }])).rejects.toThrow(TOYS_LIMIT_MESSAGE);
    await expect(addToys(db, [{ title: 'a' }, { title: '  ' }])).rejects.toThrow('Title is required');
    expect(await db.toys.count().exec()).toBe(1);
    await addToys(db, [{ title: 'a' }, { title: 'b' }]);
    expect(await db.toys.count().exec()).toBe(3);
  });

  it('retired toys do not count against the limit', async () => {
    await db.settings.insert({ ...(await getSettings(db)), toysLimit: 2 });
    await addToy(db, { title: 'Old', retired: true });
    await addToys(db, [{ title: 'a' }, { title: 'b' }]);
    expect(await db.toys.count().exec()).toBe(3);
  });
});

describe('the starter categories', () => {
  it('adds the kept names (not a blank, a repeat or one that exists) and marks the offer done', async () => {
    await addList(db, 'category', 'Books');
    expect((await getSettings(db)).starterCategoriesDone).toBeUndefined();
    const added = await finishStarterCategories(db, ['Building', 'books', '  ', 'Pretend play', 'building']);
    expect(added.map((list) => list.name)).toEqual(['Building', 'Pretend play']);
    const names = (await db.lists.find().exec()).map((list) => list.name).sort();
    expect(names).toEqual(['Books', 'Building', 'Pretend play', 'Uncategorized']);
    expect((await getSettings(db)).starterCategoriesDone).toBe(true);
  });

  it('skipping adds nothing and marks the offer done', async () => {
    expect(await finishStarterCategories(db, [])).toEqual([]);
    expect(await db.lists.count().exec()).toBe(1);
    expect((await getSettings(db)).starterCategoriesDone).toBe(true);
  });
});
