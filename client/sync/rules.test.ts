import { describe, expect, it } from 'vitest';
import { addList, addToy, addToysToCollection, deleteList, deleteToy, removeToyFromCollection, updateToy } from '../db/ops/index.js';
import { enableDevMode, type Device, syncTestBed, converge, concurrently, devicePair } from '../test-support/sync-harness.js';

enableDevMode();

const bed = syncTestBed();

const toyOn = async (device: Device, id: string) => (await device.db.toys.findOne(id).exec())?.toMutableJSON() ?? null;

describe('conflict rules, end to end', () => {
  it('a field changed on one side only keeps that change (both sides, different fields)', async () => {
    const { a, b } = await devicePair(bed);
    const toy = await addToy(a.db, { title: 'Kite' });
    await converge(a, b);
    await concurrently(a, b, () => updateToy(a.db, toy.id, { caption: 'red' }), () => updateToy(b.db, toy.id, { location: 'attic' }));
    expect(await toyOn(a, toy.id)).toMatchObject({ title: 'Kite', caption: 'red', location: 'attic' });
  });

  it('the same field changed on both sides takes the later write as the server received it', async () => {
    const { a, b } = await devicePair(bed);
    const toy = await addToy(a.db, { title: 'Kite' });
    await converge(a, b);
    // b's change is written later on the clock, but a reaches the server later: a wins.
    await a.offline();
    await b.offline();
    await updateToy(a.db, toy.id, { title: 'From A' });
    await updateToy(b.db, toy.id, { title: 'From B' });
    b.online();
    await b.sync!.awaitInSync();
    await converge(a, b);
    expect((await toyOn(b, toy.id))?.title).toBe('From A');
  });

  it('a delete beats a concurrent edit, whichever arrives first, and stays deleted', async () => {
    const { a, b } = await devicePair(bed);
    const first = await addToy(a.db, { title: 'One' });
    const second = await addToy(a.db, { title: 'Two' });
    await converge(a, b);
    await concurrently(a, b, () => deleteToy(a.db, first.id), () => updateToy(b.db, first.id, { title: 'Edited' }));
    await concurrently(a, b, () => updateToy(a.db, second.id, { title: 'Edited' }), () => deleteToy(b.db, second.id));
    for (const device of [a, b]) {
      expect(await toyOn(device, first.id)).toBeNull();
      expect(await toyOn(device, second.id)).toBeNull();
    }
    await updateToy(a.db, first.id, { title: 'again' }).catch(() => {}); // nothing to edit locally
    await converge(a, b);
    expect(await toyOn(b, first.id)).toBeNull();
  });

  it("a toy's collections merge as sets, and so do the lists of categories and collections", async () => {
    const { a, b } = await devicePair(bed, 'paid');
    const c1 = (await addList(a.db, 'collection', 'Bath'))!;
    const c2 = (await addList(a.db, 'collection', 'Car'))!;
    const toy = await addToy(a.db, { title: 'Duck', collectionIds: [c1.id] });
    await converge(a, b);
    await concurrently(
      a,
      b,
      async () => {
        await addToysToCollection(a.db, [toy.id], c2.id);
        await addList(a.db, 'category', 'Plush');
      },
      async () => {
        await removeToyFromCollection(b.db, toy.id, c1.id);
        await addList(b.db, 'category', 'Wooden');
        await addList(b.db, 'collection', 'Garden');
      },
    );
    expect((await toyOn(a, toy.id))?.collectionIds).toEqual([c2.id]);
    const names = (await a.db.lists.find().exec()).map((l) => l.name).sort();
    expect(names).toEqual(['Bath', 'Car', 'Garden', 'Plush', 'Uncategorized', 'Wooden']);
  });

  it('deleting a category on one device while another files a toy under it ends in Uncategorized', async () => {
    const { a, b } = await devicePair(bed);
    const cat = (await addList(a.db, 'category', 'Cars'))!;
    const toy = await addToy(a.db, { title: 'Truck' });
    await converge(a, b);
    await concurrently(a, b, () => deleteList(a.db, cat.id), () => updateToy(b.db, toy.id, { categoryId: cat.id }));
    expect((await toyOn(a, toy.id))?.categoryId).toBe('uncategorized');
  });
});

// Plan limits no longer refuse a push (decision 008): client/sync/domain-invariants.test.ts.
