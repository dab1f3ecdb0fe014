import { describe, expect, it } from 'vitest';
import { dataUrl, makeJpeg } from '../../sync-server/test-support/test-images.js';
import { jsonRequest } from '../../sync-server/test-support/test-app.js';
import { addList, addToy, updateToy } from '../db/ops/index.js';
import {
  enableDevMode,
  eventually,
  newSession,
  newUser,
  openDevice,
  switchableFetch,
  syncTestBed,
} from '../test-support/sync-harness.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

enableDevMode();

const bed = syncTestBed();

async function rest(method: string, path: string, token: string, body?: unknown) {
  const res = await bed.server.t.app.request(`/api/private/${path}`, jsonRequest(method, body, token));
  return { status: res.status, body: (await res.json()) as any };
}

describe('REST and sync share the tables', () => {
  it('a toy added and changed through REST reaches a live device without a reload', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    device.online();
    await device.sync!.awaitInSync();

    const added = await rest('POST', 'addToy', user.token, { data: dataUrl(makeJpeg(4, 4)), title: 'Rest toy', caption: 'from REST' });
    expect(added.status).toBeLessThan(300);
    const id = added.body.toy._id as string;
    await eventually(async () => expect((await device.db.toys.findOne(id).exec())?.caption).toBe('from REST'));

    await rest('PUT', `updateExcludedToy/${id}`, user.token, { excludedToy: true });
    await eventually(async () => expect((await device.db.toys.findOne(id).exec())?.excluded).toBe(true));
    await rest('DELETE', `deletetoy/${id}`, user.token);
    await eventually(async () => expect(await device.db.toys.findOne(id).exec()).toBeNull());
  });

  it('a change synced from a device is what REST answers', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    device.online();
    await device.sync!.awaitInSync();
    const cat = (await addList(device.db, 'category', 'Puzzles'))!;
    const toy = await addToy(device.db, { title: 'Jigsaw', categoryId: cat.id });
    await updateToy(device.db, toy.id, { caption: 'synced' });
    await device.sync!.awaitInSync();

    const toys = await rest('GET', 'getusertoys', user.token);
    expect(toys.body).toEqual([expect.objectContaining({ _id: toy.id, title: 'Jigsaw', type: 'Puzzles', caption: 'synced' })]);
    const settings = await rest('GET', 'getsettings', user.token);
    expect(settings.body[0].toyTypes).toEqual(['Uncategorized', 'Puzzles']);
  });
});

describe('a 401 in the middle of replication', () => {
  it('pauses with "paused-auth", keeps every queued write, and pushes them all after renewal', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    device.online();
    await device.sync!.awaitInSync();
    await addToy(device.db, { title: 'Before expiry' });
    await device.sync!.awaitInSync();

    // The session ends on the server (expiry or revocation) while the device keeps writing.
    await bed.server.t.db.deleteFrom('sessions').where('user_id', '=', user.userId).execute();
    for (let i = 0; i < 5; i++) await addToy(device.db, { title: `Queued ${i}` });
    await eventually(() => expect(device.sync!.getStatus().state).toBe('paused-auth'));
    // Exactly the five the server has not acknowledged (counted from the local database).
    await eventually(() => expect(device.sync!.getStatus().pending).toBe(5));
    expect(await device.db.toys.count().exec()).toBe(6);

    device.token.value = await newSession(bed.server, user.userId); // sign-in again / renewal
    device.sync!.resume();
    await eventually(async () => {
      const stored = await bed.server.t.db.selectFrom('toys').select('title').where('household_id', '=', asHouseholdId(user.userId)).execute();
      expect(stored).toHaveLength(6);
      expect(device.sync!.getStatus()).toMatchObject({ state: 'online', pending: 0 });
    });
    expect(device.sync!.getStatus().lastSyncedAt).not.toBeNull();
  });

  it('shows offline while the network is down and catches up when it is back', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    const net = switchableFetch();
    device.online({ fetch: net.fetch });
    await device.sync!.awaitInSync();
    net.network.up = false;
    await addToy(device.db, { title: 'Offline toy' });
    await eventually(() => expect(device.sync!.getStatus().state).toBe('offline'));
    net.network.up = true;
    await eventually(async () => {
      const stored = await bed.server.t.db.selectFrom('toys').select('title').where('household_id', '=', asHouseholdId(user.userId)).execute();
      expect(stored.map((r) => r.title)).toEqual(['Offline toy']);
      expect(device.sync!.getStatus().state).toBe('online');
    });
  });
});

describe('replaying a push', () => {
  it('replaying every push a device made changes nothing on the server', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    const pushes: string[] = [];
    // Record what the device pushes, then replay every push body once more.
    const recordingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (String(input).includes('/push') && typeof init?.body === 'string') pushes.push(init.body);
      return res;
    };
    device.online({ fetch: recordingFetch });
    await device.sync!.awaitInSync();
    const toy = await addToy(device.db, { title: 'Once' });
    await updateToy(device.db, toy.id, { caption: 'twice?' });
    await device.sync!.awaitInSync();
    const before = await bed.server.t.db.selectFrom('toys').select('seq').where('id', '=', toy.id).executeTakeFirstOrThrow();
    for (const body of pushes) {
      const res = await fetch(`${bed.server.baseUrl}/api/sync/toys/push`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body,
      });
      expect(res.status).toBe(200);
    }
    const after = await bed.server.t.db.selectFrom('toys').selectAll().where('id', '=', toy.id).executeTakeFirstOrThrow();
    expect(after.seq).toBe(before.seq);
    expect(after.caption).toBe('twice?');
  });
});
