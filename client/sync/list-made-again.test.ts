import { describe, expect, it } from 'vitest';
import type { ListKind } from '../../shared/schemas/docs.js';
import { addList, addToy, deleteList } from '../db/ops/index.js';
import { enableDevMode, eventually, newUser, openDevice, syncTestBed, type Device, converge } from '../test-support/sync-harness.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

// Issue 9, fault 7 and "nothing a person made may be discarded by sync" (decision 008): a
// category's or collection's id derives from its kind and name (listIdFor), so a device that
// never saw "Blocks" deleted on another device makes it again with the deleted document's id.
// That is a new list, and it must live, with the toys the parent put in it.

enableDevMode();

const bed = syncTestBed();

/** A makes "Blocks" (of `kind`), syncs, deletes it and syncs: the server holds it deleted. */
async function madeAndDeletedOn(a: Device, userId: string, kind: ListKind) {
  const old = (await addList(a.db, kind, 'Blocks'))!;
  await a.sync!.awaitInSync();
  await deleteList(a.db, old.id);
  const row = () => bed.server.t.db.selectFrom('lists').select('deleted').where('household_id', '=', asHouseholdId(userId)).where('id', '=', old.id).executeTakeFirst();
  await eventually(async () => expect((await row())?.deleted).toBe(1));
  return old;
}

/** Every device and the server hold `list` live, with the toy in it. */
async function expectLiveWithToy(userId: string, devices: Device[], list: { id: string; kind: ListKind; createdAt: number }, toyId: string) {
  const inList = (toy: { categoryId: string; collectionIds: string[] }) => (list.kind === 'category' ? toy.categoryId === list.id : toy.collectionIds.includes(list.id));
  for (const device of devices) {
    expect((await device.db.lists.findOne(list.id).exec())?.toMutableJSON(), device.name).toMatchObject({ name: 'Blocks', createdAt: list.createdAt });
    const toy = (await device.db.toys.findOne(toyId).exec())!.toMutableJSON();
    expect(inList(toy), `${device.name}: the toy is in Blocks`).toBe(true);
  }
  const row = await bed.server.t.db.selectFrom('lists').selectAll().where('household_id', '=', asHouseholdId(userId)).where('id', '=', list.id).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ deleted: 0, name: 'Blocks', created_at: list.createdAt });
  const toy = await bed.server.t.db.selectFrom('toys').select(['category_id', 'collection_ids']).where('id', '=', toyId).executeTakeFirstOrThrow();
  expect(inList({ categoryId: toy.category_id, collectionIds: JSON.parse(toy.collection_ids) as string[] }), 'server: the toy is in Blocks').toBe(true);
}

describe('a list made again on a device that never saw it deleted', () => {
  it('a device offline since before "Blocks" was made adds it and a toy in it: it comes back live, toy and all', async () => {
    const user = await newUser(bed.server);
    const a = await openDevice(bed.server, user, { label: 'a' });
    const b = await openDevice(bed.server, user, { label: 'b' });
    bed.devices.push(a, b);
    await converge(a, b);
    await b.offline();
    const old = await madeAndDeletedOn(a, user.userId, 'category');

    const blocks = (await addList(b.db, 'category', 'Blocks'))!;
    expect(blocks.id).toBe(old.id); // the same name-derived id
    const toy = await addToy(b.db, { title: 'Tower', categoryId: blocks.id });
    await converge(a, b);
    await expectLiveWithToy(user.userId, [a, b], blocks, toy.id);
  });

  it('a fresh device that never saw "Blocks" adds it offline with a toy in it: it comes back live, toy and all', async () => {
    const user = await newUser(bed.server);
    const a = await openDevice(bed.server, user, { label: 'a' });
    bed.devices.push(a);
    await converge(a);
    const old = await madeAndDeletedOn(a, user.userId, 'collection');

    const c = await openDevice(bed.server, user, { label: 'fresh' });
    bed.devices.push(c);
    const blocks = (await addList(c.db, 'collection', 'Blocks'))!;
    expect(blocks.id).toBe(old.id);
    const toy = await addToy(c.db, { title: 'Tower', collectionIds: [blocks.id] });
    await converge(a, c);
    await expectLiveWithToy(user.userId, [a, c], blocks, toy.id);
  });

  it('ends the same when the lists push is slow and the toys push would reach the server first', async () => {
    const user = await newUser(bed.server);
    const a = await openDevice(bed.server, user, { label: 'a' });
    const b = await openDevice(bed.server, user, { label: 'b' });
    bed.devices.push(a, b);
    await converge(a, b);
    await b.offline();
    const oldCategory = await madeAndDeletedOn(a, user.userId, 'category');
    const oldCollection = await madeAndDeletedOn(a, user.userId, 'collection');

    const category = (await addList(b.db, 'category', 'Blocks'))!;
    const collection = (await addList(b.db, 'collection', 'Blocks'))!;
    expect([category.id, collection.id]).toEqual([oldCategory.id, oldCollection.id]);
    const toy = await addToy(b.db, { title: 'Tower', categoryId: category.id, collectionIds: [collection.id] });
    // B's lists push is held until a toys push has been answered (or 1.5 s went by): a device
    // that pushed its toys as soon as it could would have them stored first.
    let releaseLists!: () => void;
    const toysAnswered = new Promise<void>((resolve) => (releaseLists = resolve));
    b.online({
      fetch: async (input, init) => {
        const url = String(input);
        if (url.includes('/api/sync/lists/push')) await Promise.race([toysAnswered, new Promise((r) => setTimeout(r, 1500))]);
        const response = await fetch(input, init);
        if (url.includes('/api/sync/toys/push')) releaseLists();
        return response;
      },
    });
    await converge(a, b);
    await expectLiveWithToy(user.userId, [a, b], category, toy.id);
    await expectLiveWithToy(user.userId, [a, b], collection, toy.id);
  });
});
