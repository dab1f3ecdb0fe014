import { describe, expect, it } from 'vitest';
import { addList, addToy, deleteToy, rotate, setFavorite, updateToy } from '../db/ops/index.js';
import {
  enableDevMode,
  eventually,
  newUser,
  openDevice,
  snapshot,
  type Device,
  syncTestBed,
} from '../test-support/sync-harness.js';

enableDevMode();

const bed = syncTestBed();

async function devicesFor(user: { userId: string; token: string }, count: number): Promise<Device[]> {
  for (let i = 0; i < count; i++) bed.devices.push(await openDevice(bed.server, user, { label: `d${i}` }));
  return bed.devices;
}

async function converge(all: Device[]): Promise<void> {
  for (const device of all) device.online();
  await eventually(async () => {
    for (const device of all) await device.sync!.awaitInSync();
    const states = await Promise.all(all.map((device) => snapshot(device.db)));
    for (const state of states.slice(1)) expect(state).toEqual(states[0]);
  });
}

describe('offline edits on several devices', () => {
  it('two devices converge to the same state', async () => {
    const user = await newUser(bed.server);
    const [a, b] = await devicesFor(user, 2);
    await converge([a!, b!]); // both start with the server's settings and Uncategorized
    await a!.offline();
    await b!.offline();

    const blocks = await addToy(a!.db, { title: 'Blocks' });
    const ball = await addToy(b!.db, { title: 'Ball' });
    await addList(a!.db, 'category', 'Outdoor');
    await addList(b!.db, 'category', 'Outdoor'); // same name offline: one category after sync
    await converge([a!, b!]);

    const state = await snapshot(a!.db);
    expect((state.toys as { title: string }[]).map((t) => t.title).sort()).toEqual(['Ball', 'Blocks']);
    expect((state.lists as { name: string }[]).map((l) => l.name).sort()).toEqual(['Outdoor', 'Uncategorized']);
    expect(state.settings).toHaveLength(1);
    expect(blocks.id).not.toBe(ball.id);
  });

  it('three devices with edits, deletes and rotations offline converge, and deletes stay deleted', async () => {
    const user = await newUser(bed.server);
    const [a, b, c] = await devicesFor(user, 3);
    await converge([a!, b!, c!]);
    const t1 = await addToy(a!.db, { title: 'Train' });
    const t2 = await addToy(a!.db, { title: 'Puzzle' });
    await converge([a!, b!, c!]);
    for (const d of [a!, b!, c!]) await d.offline();

    await updateToy(a!.db, t1.id, { caption: 'wooden' });
    await updateToy(b!.db, t1.id, { title: 'Steam train' });
    await deleteToy(c!.db, t2.id);
    await updateToy(b!.db, t2.id, { caption: 'edited while deleted elsewhere' });
    await setFavorite(c!.db, t1.id, true);
    await rotate(b!.db, { now: 1_700_000_000_000, randomInt: () => 0 });

    await converge([a!, b!, c!]);
    const toy = await a!.db.toys.findOne(t1.id).exec();
    expect(toy?.toMutableJSON()).toMatchObject({ title: 'Steam train', caption: 'wooden', favorite: true });
    expect(await a!.db.toys.findOne(t2.id).exec()).toBeNull();
    expect(await a!.db.rotations.count().exec()).toBe(1);
    expect((await a!.db.settings.findOne(user.userId).exec())?.lastRotationDate).toBe(1_700_000_000_000);

    const row = await bed.server.t.db.selectFrom('toys').selectAll().where('id', '=', t2.id).executeTakeFirstOrThrow();
    expect(row.deleted).toBe(1);
  });
});
