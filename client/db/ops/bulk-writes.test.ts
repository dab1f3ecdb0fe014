import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../../test-support/sync-harness.js';
import { countingStorage } from '../../test-support/counting-storage.js';
import type { RandomInt } from '../../../shared/domain/rotation.js';
import type { RotationDoc, ToyDoc } from '../../../shared/schemas/docs.js';
import { LiveToys } from '../../hooks/live-toys.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../database.js';
import { modifyEach } from './bulk-write.js';
import {
  addChild,
  addList,
  addToys,
  addToysToCollection,
  deleteList,
  finishStarterCategories,
  getSettings,
  planRotation,
  rotate,
  setRotationCount,
  setRotationMode,
  updateToys,
  type RotationState,
} from './index.js';

enableDevMode();

let db: ToyDatabase;
let writes: Map<string, number>;
let n = 0;
const userId = 'user-bulk-writes';
beforeEach(async () => {
  const counting = countingStorage(dexieStorage());
  writes = counting.writes;
  db = await openUserDatabase(userId, { storage: counting.storage, multiInstance: false, name: `bulk-writes-${++n}` });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
  await db.settings.insert({ ...(await getSettings(db)), toysLimit: 1000 });
});
afterEach(async () => {
  await closeUserDatabase(db);
  await removeUserDatabase(userId, { storage: dexieStorage(), name: `bulk-writes-${n}` });
});

/** The same "random" numbers for two picks: a seeded generator. */
function seeded(seed: number): RandomInt {
  let state = seed;
  return (max) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return max <= 1 ? 0 : state % max;
  };
}

/** What the Rotation screen holds: plain toys (in the live map's order, not the database's), rotations, settings. */
async function heldState(): Promise<RotationState> {
  const toys = (await db.toys.find().exec()).map((doc) => doc.toJSON() as ToyDoc).reverse();
  const rotations = (await db.rotations.find().exec()).map((doc) => doc.toJSON() as RotationDoc);
  const collections = new Set((await db.lists.find({ selector: { kind: 'collection' } }).exec()).map((list) => list.id));
  return { settings: await getSettings(db), toys, rotations, isCollection: (id) => collections.has(id) };
}

async function household(count: number) {
  const lists = [(await addList(db, 'category', 'Blocks'))!, (await addList(db, 'category', 'Books'))!, (await addList(db, 'category', 'Music'))!];
  const toys = await addToys(
    db,
    Array.from({ length: count }, (_, i) => ({ title: `Toy ${i}`, categoryId: lists[i % 3]!.id, favorite: i === 0, excluded: i === 1, retired: i === 2 })),
    1_000,
  );
  return toys.map((toy) => toy.id);
}

describe('Rotate from what the screen holds', () => {
  it('picks what rotating over the database picks, round after round, in balanced and random mode', async () => {
    await household(40);
    const second = await addChild(db, { name: 'Sam' });
    await setRotationCount(db, 6);
    await setRotationCount(db, 4, second);
    for (const mode of ['balanced', 'random'] as const) {
      await setRotationMode(db, mode);
      for (let round = 0; round < 6; round++) {
        const childId = round % 2 === 0 ? undefined : second;
        const planned = planRotation(await heldState(), { childId, now: 5_000 + round, randomInt: seeded(round + 1) });
        const rotated = await rotate(db, { childId, now: 5_000 + round, randomInt: seeded(round + 1) });
        expect(planned.rotation.toyIds).toEqual(rotated.rotation.toyIds);
        expect(planned.msg).toBe(rotated.msg);
      }
    }
  });

  it("keeps balanced rotation's rules: the kept toy always out, never excluded or retired ones, last rotation's toys rest, categories even", async () => {
    const ids = await household(31); // besides the kept toy, 28 that may come out, in three categories
    await setRotationCount(db, 6);
    await setRotationMode(db, 'balanced');
    let previous: string[] = [];
    for (let round = 0; round < 4; round++) {
      const { rotation } = planRotation(await heldState(), { now: 10_000 + round });
      const [kept, ...others] = rotation.toyIds;
      expect(kept).toBe(ids[0]);
      expect(others).toHaveLength(6);
      expect(others).not.toContain(ids[1]);
      expect(others).not.toContain(ids[2]);
      expect(others.filter((id) => previous.includes(id))).toEqual([]);
      expect([0, 1, 2].map((category) => others.filter((id) => ids.indexOf(id) % 3 === category).length)).toEqual([2, 2, 2]);
      // The history moves on as a parent's does.
      previous = (await rotate(db, { now: 10_000 + round })).rotation.toyIds.slice(1);
    }
  });

  it('refuses as rotating over the database does', async () => {
    await addToys(db, [{ title: 'Excluded', excluded: true }, { title: 'Retired', retired: true }]);
    const nothing = await heldState();
    expect(() => planRotation(nothing)).toThrow('No toys to rotate');
    await expect(rotate(db)).rejects.toThrow('No toys to rotate');
    const collection = (await addList(db, 'collection', 'Bath'))!;
    const state = await heldState();
    await deleteList(db, collection.id);
    expect(() => planRotation({ ...state, isCollection: () => false }, { source: { kind: 'collection', collectionId: collection.id } })).toThrow();
    await expect(rotate(db, { source: { kind: 'collection', collectionId: collection.id } })).rejects.toThrow();
    expect(await db.rotations.count().exec()).toBe(0);
  });
});

describe('bursts of local changes', () => {
  it('a rotation is one write per table: the rotation, its toys, the child', async () => {
    await household(60);
    await setRotationCount(db, 30);
    writes.clear();
    const { rotation } = await rotate(db, { now: 7_000 });
    expect(rotation.toyIds).toHaveLength(31);
    expect(writes.get('rotations')).toBe(1);
    expect(writes.get('toys')).toBe(1);
    expect(writes.get('settings')).toBe(1);
    const stamped = (await db.toys.find().exec()).filter((toy) => toy.lastRotatedAt === 7_000).map((toy) => toy.id);
    expect(stamped.sort()).toEqual([...rotation.toyIds].sort());
    expect((await getSettings(db)).lastRotationDate).toBe(7_000);
  });

  it('a bulk edit of 300 toys, adding them to a collection and deleting it are each one toy write, and the screen is told once', async () => {
    const ids = await household(300);
    const live = new LiveToys(db);
    await live.open();
    let told = 0;
    live.subscribe(() => void told++);
    writes.clear();
    await updateToys(db, ids.map((id, i) => ({ id, patch: { title: `Edited ${i}`, location: i % 2 ? 'Bin 1' : null } })));
    expect(writes.get('toys')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a frame
    expect(told).toBe(1);
    expect(live.get(ids[299]!)?.title).toBe('Edited 299');
    expect([...live.all()].filter((toy) => toy.location === 'Bin 1')).toHaveLength(150);
    live.close();

    const bath = (await addList(db, 'collection', 'Bath'))!;
    writes.clear();
    await addToysToCollection(db, ids, bath.id);
    expect(writes.get('toys')).toBe(1);
    expect((await db.toys.find().exec()).every((toy) => toy.collectionIds.includes(bath.id))).toBe(true);
    writes.clear();
    await deleteList(db, bath.id);
    expect(writes.get('toys')).toBe(1);
    expect((await db.toys.find().exec()).some((toy) => toy.collectionIds.includes(bath.id))).toBe(false);
  });

  it('the starter categories are one insert; a name used by a deleted category gets a new id', async () => {
    const old = (await addList(db, 'category', 'Music'))!;
    await deleteList(db, old.id);
    writes.clear();
    const added = await finishStarterCategories(db, ['Music', 'Books', 'books', ' ']);
    expect(writes.get('lists')).toBe(1);
    expect(added.map((list) => list.name)).toEqual(['Music', 'Books']);
    expect(added[0]!.id).not.toBe(old.id);
    expect((await db.lists.find({ selector: { kind: 'category' } }).exec()).map((list) => list.name).sort()).toEqual(['Books', 'Music', 'Uncategorized']);
  });

  it('a bulk edit with one toy that is not valid changes none', async () => {
    const ids = await household(5);
    await expect(updateToys(db, [{ id: ids[3]!, patch: { title: 'Fine' } }, { id: ids[4]!, patch: { title: '  ' } }])).rejects.toThrow('Title is required');
    expect((await db.toys.findOne(ids[3]).exec())?.title).toBe('Toy 3');
  });

  it('keeps a field another device changed while the bulk write was on its way', async () => {
    const ids = await household(4);
    const [stored3] = await db.toys.storageInstance.findDocumentsById([ids[3]!], false);
    let rounds = 0;
    await modifyEach<ToyDoc>(db.toys, ids, (data) => {
      // As the first round is made, a pull stores another device's caption on one of them
      // (replication writes through the same storage instance).
      if (rounds++ === 0) void db.toys.storageInstance.bulkWrite([{ previous: stored3!, document: { ...stored3!, caption: 'From the other phone' } }], 'test-pull');
      return { ...data, location: 'Shelf' };
    });
    expect(rounds).toBeGreaterThan(ids.length); // the conflicting toy was modified again
    const stored = (await db.toys.findOne(ids[3]).exec())!;
    expect(stored.caption).toBe('From the other phone');
    expect(stored.location).toBe('Shelf');
    expect((await db.toys.find().exec()).every((toy) => toy.location === 'Shelf')).toBe(true);
  });
});
