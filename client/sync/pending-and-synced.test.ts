import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, eventually, newUser, openDevice, switchableFetch, syncTestBed } from '../test-support/sync-harness.js';
import { addToy, updateToy } from '../db/ops/index.js';
import { TABLES, openUserDatabase } from '../db/database.js';
import { startSync } from './start-sync.js';
import { toyFromRow } from '../../sync-server/services/sync/row-mapping.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

// Fault 10 of issue 9: "Changes waiting" never cleared in a tab that does not replicate,
// stayed at 1 with data identical to the server, and dropped after an offline reload while
// nothing was sent. And "Synced" must be earned by a digest check, not assumed.

const bed = syncTestBed();
const onlyToys = { toys: TABLES.toys } as typeof TABLES;

describe('changes waiting', () => {
  it('survive an offline reload, and clear only once the server has them', async () => {
    const user = await newUser(bed.server);
    const storage = dexieStorage();
    const name = `pending-${Date.now()}`;
    const net = switchableFetch();
    net.network.up = false;
    let db = await openUserDatabase(user.userId, { name, storage, multiInstance: false, tables: onlyToys });
    let sync = startSync(db, { baseUrl: bed.server.baseUrl, getToken: () => user.token, retryMs: 20, fetch: net.fetch });
    await addToy(db, { title: 'Ball' });
    await addToy(db, { title: 'Kite' });
    await eventually(() => expect(sync.getStatus()).toMatchObject({ pending: 2, state: 'offline' }));
    await sync.stop();
    await db.close();

    // Reload, still offline: nothing was sent, so both still wait.
    db = await openUserDatabase(user.userId, { name, storage, multiInstance: false, tables: onlyToys });
    sync = startSync(db, { baseUrl: bed.server.baseUrl, getToken: () => user.token, retryMs: 20, fetch: net.fetch });
    try {
      await eventually(() => expect(sync.getStatus().pending).toBe(2));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sync.getStatus()).toMatchObject({ pending: 2, state: 'offline' });
      net.network.up = true;
      await eventually(() => expect(sync.getStatus()).toMatchObject({ pending: 0, state: 'online' }));
      const rows = await bed.server.t.db.selectFrom('toys').selectAll().where('household_id', '=', asHouseholdId(user.userId)).execute();
      expect(rows.map(toyFromRow).map((t) => t.title).sort()).toEqual(['Ball', 'Kite']);
    } finally {
      await sync.stop();
      await db.remove();
    }
  }, 20_000);
});

describe('changes waiting with data identical to the server (never stuck at 1)', () => {
  it('clear at once when the parent sets a field back, offline, and once online when another device made the same change', async () => {
    const user = await newUser(bed.server);
    const a = await openDevice(bed.server, user, { label: 'a', tables: onlyToys });
    const b = await openDevice(bed.server, user, { label: 'b', tables: onlyToys });
    bed.devices.push(a, b);
    const net = switchableFetch();
    a.online({ fetch: net.fetch });
    b.online();
    const toy = await addToy(a.db, { title: 'Ball' });
    await a.sync!.awaitVerified();
    await eventually(async () => expect(await b.db.toys.findOne(toy.id).exec()).toBeTruthy());

    net.network.up = false;
    await updateToy(a.db, toy.id, { title: 'Red ball' });
    await eventually(() => expect(a.sync!.getStatus().pending).toBe(1));
    await updateToy(a.db, toy.id, { title: 'Ball' }); // back to what the server has: nothing to send
    await eventually(() => expect(a.sync!.getStatus().pending).toBe(0), 3000);

    await updateToy(a.db, toy.id, { title: 'Blue ball' }); // offline, and the other device does the same
    await updateToy(b.db, toy.id, { title: 'Blue ball' });
    await b.sync!.awaitVerified();
    await eventually(() => expect(a.sync!.getStatus().pending).toBe(1));
    net.network.up = true;
    await eventually(() => expect(a.sync!.getStatus()).toMatchObject({ state: 'online', pending: 0 }), 5000);
    expect((await a.db.toys.findOne(toy.id).exec())?.title).toBe('Blue ball');
  }, 20_000);
});

describe('"Synced" is checked', () => {
  it('a device whose data differs from the server with nothing waiting is repaired, logged, and only then synced', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user, { label: 'a', tables: onlyToys });
    bed.devices.push(device);
    const log: string[] = [];
    const sync = device.online({ log: (line) => log.push(line) });
    const toy = await addToy(device.db, { title: 'Ball' });
    await sync.awaitVerified();

    // The server's copy changes behind the replication's back (no sequence, no event),
    // as a bug or a bad restore would leave it.
    await bed.server.t.db.updateTable('toys').set({ caption: 'changed behind its back' }).where('id', '=', toy.id).execute();
    await addToy(device.db, { title: 'Kite' }); // any change makes it check again
    await eventually(() => expect(log.join('\n')).toMatch(/toys: the device .* differ; repairing/), 5000);
    await eventually(async () => {
      expect((await device.db.toys.findOne(toy.id).exec())?.caption).toBe('changed behind its back');
      expect(sync.getStatus()).toMatchObject({ state: 'online', pending: 0 });
    }, 5000);
  }, 20_000);
});
