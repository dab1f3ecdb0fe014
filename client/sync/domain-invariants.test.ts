import { describe, expect, it } from 'vitest';
import { FREE_COLLECTIONS_MESSAGE, TOYS_LIMIT_MESSAGE } from '../../shared/domain/plans.js';
import { overLimitIds } from '../../shared/domain/over-limit.js';
import { addList, addToy, currentRotation, deleteList, getSettings, renameList, rotate, setExcluded, setFavorite } from '../db/ops/index.js';
import { enableDevMode, eventually, newUser, openDevice, syncTestBed, type Device, converge, concurrently, devicePair } from '../test-support/sync-harness.js';
import { makeJpeg } from '../../sync-server/test-support/test-images.js';
import { pendingPhotos, savePhoto } from './photos.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

// Domain invariants across devices (issue 9, faults 4, 7, 8, 9; decision 008), at the data
// layer: real server, two simulated devices on fake-indexeddb, offline edits, then sync.

enableDevMode();

const bed = syncTestBed();

const live = async (device: Device, kind: 'category' | 'collection') =>
  (await device.db.lists.find({ selector: { kind } }).exec()).map((doc) => doc.toMutableJSON());

describe('fault 4: the plan limit never deletes a toy', () => {
  it('two offline devices at 99 of 100 each add a toy: both kept, marked on both devices, new adds refused', async () => {
    const { user, a, b } = await devicePair(bed);
    const now = Date.now();
    await bed.server.t.db
      .insertInto('toys')
      .values(Array.from({ length: 99 }, (_, i) => ({ household_id: asHouseholdId(user.userId), id: `seed${i}`, title: `Toy ${i}`, category_id: 'uncategorized', created_at: now - 10_000, seq: 0 })))
      .execute();
    await concurrently(
      a,
      b,
      () => addToy(a.db, { title: 'Hundredth', caption: 'from A' }, now),
      () => addToy(b.db, { title: 'Hundred and first', caption: 'notes B' }, now + 1),
    );
    // A pull of the seeded rows (seq 0) needs a fresh device: check the pushed toys on both.
    for (const device of [a, b]) {
      const titles = (await device.db.toys.find().exec()).map((t) => t.toMutableJSON());
      expect(titles).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ title: 'Hundredth', caption: 'from A' }),
          expect.objectContaining({ title: 'Hundred and first', caption: 'notes B' }),
        ]),
      );
      expect(device.sync!.getStatus().error).toBeFalsy();
    }
    const stored = await bed.server.t.db.selectFrom('toys').select(['id', 'created_at']).where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 0).execute();
    expect(stored).toHaveLength(101);
    // Everyone marks the same toy: the one made last.
    const marked = overLimitIds(stored.map((row) => ({ id: row.id, createdAt: Number(row.created_at) })), 100);
    const bToy = (await b.db.toys.findOne({ selector: { title: 'Hundred and first' } }).exec())!;
    expect(marked).toEqual(new Set([bToy.id]));
    // A fresh device gets all 101, and still refuses a new toy.
    const c = await openDevice(bed.server, user, { label: 'c' });
    bed.devices.push(c);
    c.online();
    await eventually(async () => expect(await c.db.toys.count().exec()).toBe(101));
    await expect(addToy(c.db, { title: 'One more' })).rejects.toThrow(TOYS_LIMIT_MESSAGE);
  });

  it('two offline devices at 99 of 100 each add a toy with a photo: both toys keep their photo and notes everywhere', async () => {
    const { user, a, b } = await devicePair(bed);
    const now = Date.now();
    await bed.server.t.db
      .insertInto('toys')
      .values(Array.from({ length: 99 }, (_, i) => ({ household_id: asHouseholdId(user.userId), id: `seed${i}`, title: `Toy ${i}`, category_id: 'uncategorized', created_at: now - 10_000, seq: 0 })))
      .execute();
    const photo = (seed: number) => new Blob([makeJpeg(8, 6, { seed }) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
    const made: { id: string; mediaId: string }[] = [];
    const addWithPhoto = async (device: Device, title: string, caption: string, seed: number) => {
      const mediaId = await savePhoto(user.userId, photo(seed));
      made.push({ id: (await addToy(device.db, { title, caption, mediaId }, now + seed)).id, mediaId });
    };
    await concurrently(a, b, () => addWithPhoto(a, 'Hundredth', 'from A', 1), () => addWithPhoto(b, 'Hundred and first', 'notes B', 2));

    await eventually(async () => {
      expect(await pendingPhotos(user.userId)).toHaveLength(0);
      for (const device of [a, b]) expect(device.sync!.getStatus()).toMatchObject({ state: 'online', pending: 0 });
    }, 15_000);
    for (const device of [a, b]) {
      expect(device.sync!.getStatus().error).toBeFalsy();
      for (const [i, toy] of made.entries()) {
        expect((await device.db.toys.findOne(toy.id).exec())?.toMutableJSON()).toMatchObject({ mediaId: toy.mediaId, caption: ['from A', 'notes B'][i] });
      }
    }
    for (const toy of made) {
      const row = await bed.server.t.db.selectFrom('toys').select(['media_id', 'deleted']).where('id', '=', toy.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ media_id: toy.mediaId, deleted: 0 });
      expect((await fetch(`${bed.server.baseUrl}/api/media/${toy.mediaId}`)).status).toBe(200);
    }
  });

  it('a collection past the limit from two offline devices is kept; a new one is refused', async () => {
    const { a, b } = await devicePair(bed);
    await addList(a.db, 'collection', 'Bath');
    await addList(a.db, 'collection', 'Car');
    await converge(a, b);
    await concurrently(a, b, () => addList(a.db, 'collection', 'Garden'), () => addList(b.db, 'collection', 'Travel'));
    for (const device of [a, b]) expect((await live(device, 'collection')).map((l) => l.name).sort()).toEqual(['Bath', 'Car', 'Garden', 'Travel']);
    await expect(addList(a.db, 'collection', 'Fifth')).rejects.toThrow(FREE_COLLECTIONS_MESSAGE);
    expect((await getSettings(a.db)).collectionsLimit).toBe(3);
  });
});

describe('fault 7: one list per name and kind after sync', () => {
  it('the same name added offline on two devices after a delete becomes one category holding both toys', async () => {
    const { a, b } = await devicePair(bed);
    const first = (await addList(a.db, 'category', 'Cars'))!;
    await converge(a, b);
    await deleteList(a.db, first.id);
    await converge(a, b);
    let toyA = '';
    let toyB = '';
    await concurrently(
      a,
      b,
      async () => {
        const cat = (await addList(a.db, 'category', 'Cars'))!;
        toyA = (await addToy(a.db, { title: 'Truck', categoryId: cat.id })).id;
      },
      async () => {
        const cat = (await addList(b.db, 'category', 'cars'))!;
        toyB = (await addToy(b.db, { title: 'Bus', categoryId: cat.id })).id;
      },
    );
    for (const device of [a, b]) {
      const cars = (await live(device, 'category')).filter((l) => l.name.toLowerCase() === 'cars');
      expect(cars).toHaveLength(1);
      for (const id of [toyA, toyB]) expect((await device.db.toys.findOne(id).exec())?.categoryId).toBe(cars[0]!.id);
    }
  });

  it('two renames to one name on two devices merge the two collections, keeping every toy in it', async () => {
    const { a, b } = await devicePair(bed, 'paid');
    const bath = (await addList(a.db, 'collection', 'Bath'))!;
    const car = (await addList(a.db, 'collection', 'Car'))!;
    const duck = await addToy(a.db, { title: 'Duck', collectionIds: [bath.id] });
    const kite = await addToy(a.db, { title: 'Kite', collectionIds: [car.id] });
    await converge(a, b);
    await concurrently(a, b, () => renameList(a.db, bath.id, 'Outside'), () => renameList(b.db, car.id, 'OUTSIDE'));
    for (const device of [a, b]) {
      const outside = await live(device, 'collection');
      expect(outside).toHaveLength(1);
      const id = outside[0]!.id;
      expect((await device.db.toys.findOne(duck.id).exec())?.collectionIds).toEqual([id]);
      expect((await device.db.toys.findOne(kite.id).exec())?.collectionIds).toEqual([id]);
    }
  });

  it('an add racing a rename to the same name ends with one category', async () => {
    const { a, b } = await devicePair(bed);
    const dolls = (await addList(a.db, 'category', 'Dolls'))!;
    await converge(a, b);
    await concurrently(a, b, () => renameList(a.db, dolls.id, 'Plush'), () => addList(b.db, 'category', 'plush'));
    for (const device of [a, b]) expect((await live(device, 'category')).filter((l) => l.name.toLowerCase() === 'plush')).toHaveLength(1);
  });
});

describe('fault 8: never both kept and excluded', () => {
  it('concurrent toggles on two devices leave one flag, the same on both', async () => {
    const { a, b } = await devicePair(bed);
    const toy = await addToy(a.db, { title: 'Ball' });
    await converge(a, b);
    await concurrently(a, b, () => setExcluded(a.db, toy.id, true), () => setFavorite(b.db, toy.id, true));
    for (const device of [a, b]) {
      const doc = (await device.db.toys.findOne(toy.id).exec())!;
      expect(doc.excluded && doc.favorite).toBe(false);
      expect(doc.favorite).toBe(true); // b's toggle reached the server last
    }
  });
});

describe('fault 9: the current rotation follows the server order, not device clocks', () => {
  it('a rotation made later on a device whose clock is an hour behind is current on every device', async () => {
    const { a, b } = await devicePair(bed);
    for (const title of ['A', 'B', 'C', 'D']) await addToy(a.db, { title });
    await converge(a, b);
    const now = Date.now();
    const first = await rotate(a.db, { now, randomInt: () => 0 });
    await converge(a, b);
    const later = await rotate(b.db, { now: now - 3_600_000, randomInt: (max) => max - 1 });
    await converge(a, b);
    for (const device of [a, b]) expect((await currentRotation(device.db))?.id).toBe(later.rotation.id);
    expect(first.rotation.id).not.toBe(later.rotation.id);
    expect((await getSettings(a.db)).lastRotationDate).toBe(now - 3_600_000);
  });

  it("the last rotation date stays the current rotation's when a device's settings push arrives after another device's later rotation", async () => {
    const user = await newUser(bed.server);
    const a = await openDevice(bed.server, user, { label: 'a' });
    const b = await openDevice(bed.server, user, { label: 'b' });
    bed.devices.push(a, b);
    // B's network drops between its rotation's push and its settings' push (two replications):
    // its settings requests wait.
    const waiting: (() => void)[] = [];
    const held = { settings: false };
    a.online();
    b.online({
      fetch: async (input, init) => {
        if (held.settings && /\/sync\/settings\//.test(String(input))) await new Promise<void>((resolve) => waiting.push(resolve));
        return fetch(input, init);
      },
    });
    for (const title of ['A', 'B', 'C', 'D']) await addToy(a.db, { title });
    await converge(a, b);
    const now = Date.now();
    const storedRotation = async (id: string) => bed.server.t.db.selectFrom('rotations').select('id').where('id', '=', id).executeTakeFirst();

    held.settings = true;
    const onB = await rotate(b.db, { now, randomInt: () => 0 });
    await eventually(async () => expect(await storedRotation(onB.rotation.id)).toBeTruthy());
    const onA = await rotate(a.db, { now: now - 3_600_000, randomInt: (max) => max - 1 }); // later, on a clock an hour behind
    await eventually(async () => expect(await storedRotation(onA.rotation.id)).toBeTruthy());
    await a.sync!.awaitInSync();
    held.settings = false;
    waiting.splice(0).forEach((resume) => resume());
    await converge(a, b);
    const row = await bed.server.t.db.selectFrom('settings').select('last_rotation_date').where('household_id', '=', asHouseholdId(user.userId)).executeTakeFirstOrThrow();
    expect(Number(row.last_rotation_date)).toBe(onA.rotation.createdAt);

    for (const device of [a, b]) {
      expect((await currentRotation(device.db))?.id).toBe(onA.rotation.id);
      expect((await getSettings(device.db)).lastRotationDate).toBe(onA.rotation.createdAt);
    }
  });

  it('offline, a local rotation not yet on the server is the current one there', async () => {
    const { a, b } = await devicePair(bed);
    await addToy(a.db, { title: 'A' });
    await converge(a, b);
    await rotate(a.db, { now: Date.now() });
    await converge(a, b);
    await b.offline();
    const local = await rotate(b.db, { now: 1000 }); // a clock far in the past
    expect((await currentRotation(b.db))?.id).toBe(local.rotation.id);
  });
});
