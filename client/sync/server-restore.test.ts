import { afterEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, openDevice, snapshot, type Device } from '../test-support/sync-harness.js';
import { startRestartableServer, type RestartableServer } from '../test-support/restartable-server.js';
import { seedUser } from '../../sync-server/test-support/users.js';
import { toyFromRow } from '../../sync-server/services/sync/row-mapping.js';
import { addToy, getSettings, rotate, setReminderEmail, updateToy } from '../db/ops/index.js';
import { TABLES } from '../db/database.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

// Fault 3 of issue 9: a server restored from a backup forgot writes it had acknowledged, and
// the devices that held them never gave them back (their checkpoints were past the restored
// change counter). Devices must notice the server went back, and reconverge.

let server: RestartableServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const device of devices.splice(0)) await device.close();
  await server?.close();
});

const onlyToysAndLists = { toys: TABLES.toys, lists: TABLES.lists } as typeof TABLES;

async function device(user: { userId: string; token: string }, label: string): Promise<Device> {
  const d = await openDevice(server, user, { label, tables: onlyToysAndLists });
  d.online({ retryMs: 20 });
  devices.push(d);
  return d;
}

async function serverToys(userId: string) {
  const rows = await server.t.db.selectFrom('toys').selectAll().where('household_id', '=', asHouseholdId(userId)).where('deleted', '=', 0).execute();
  return rows.map(toyFromRow).map(({ _deleted, ...toy }) => toy).sort((a, b) => a.id.localeCompare(b.id));
}

async function titlesOn(d: Device): Promise<string[]> {
  return ((await snapshot(d.db)).toys as { title: string }[]).map((toy) => toy.title).sort();
}

describe('a server restored from an older copy', () => {
  it('gets back what the devices still hold, and every device converges', async () => {
    server = await startRestartableServer();
    const user = await seedUser(server.t.deps, { plan: 'paid' });
    const a = await device(user, 'a');
    const b = await device(user, 'b');
    const shared = await addToy(a.db, { title: 'Ball' });
    const other = await addToy(a.db, { title: 'Kite' });
    await eventually(async () => expect(await titlesOn(b)).toEqual(['Ball', 'Kite']));
    const backup = await server.backup();

    // Acknowledged by the server, then lost by the restore.
    for (let i = 1; i <= 5; i++) await addToy(a.db, { title: `Lost ${i}` });
    await updateToy(a.db, shared.id, { title: 'Red ball' });
    await eventually(async () => expect((await serverToys(user.userId)).map((t) => t.title)).toContain('Red ball'));
    await eventually(async () => expect((await serverToys(user.userId)).length).toBe(7));
    await a.sync!.awaitInSync();
    await eventually(async () => expect(await titlesOn(b)).toContain('Red ball'));

    await server.stop();
    await server.start(backup);
    expect((await serverToys(user.userId)).map((t) => t.title).sort()).toEqual(['Ball', 'Kite']);

    // After the restore, B renames another toy; a new device C signs in.
    await updateToy(b.db, other.id, { title: 'Blue kite' });
    const c = await device(user, 'c');

    const expected = ['Blue kite', 'Lost 1', 'Lost 2', 'Lost 3', 'Lost 4', 'Lost 5', 'Red ball'];
    await eventually(async () => {
      expect((await serverToys(user.userId)).map((t) => t.title).sort()).toEqual(expected);
      for (const d of [a, b, c]) expect(await titlesOn(d)).toEqual(expected);
    }, 15_000);
    const onServer = await serverToys(user.userId);
    for (const d of [a, b, c]) expect((await snapshot(d.db)).toys).toEqual(onServer);
    // And each says so: "Synced" after its digest check, nothing waiting.
    await eventually(() => {
      for (const d of [a, b, c]) expect(d.sync!.getStatus(), d.name).toMatchObject({ state: 'online', pending: 0 });
    }, 15_000);
  }, 30_000);

  it('does not let a push merge against what the server forgot before the device reconverged', async () => {
    server = await startRestartableServer();
    const user = await seedUser(server.t.deps, { plan: 'paid' });
    const a = await device(user, 'a');
    const b = await device(user, 'b');
    const toy = await addToy(a.db, { title: 'Ball' });
    await eventually(async () => expect(await titlesOn(b)).toEqual(['Ball']));
    const backup = await server.backup();
    await updateToy(a.db, toy.id, { caption: 'in the red box' }); // acknowledged, then lost
    await eventually(async () => expect((await snapshot(b.db)).toys).toEqual([expect.objectContaining({ caption: 'in the red box' })]));
    await a.offline(); // A stays away: only B can give the caption back

    await server.stop();
    await server.start(backup);
    await updateToy(b.db, toy.id, { title: 'Red ball' }); // B's first contact may be this push

    await eventually(async () => {
      expect(await serverToys(user.userId)).toEqual([expect.objectContaining({ title: 'Red ball', caption: 'in the red box' })]);
      expect((await snapshot(b.db)).toys).toEqual(await serverToys(user.userId));
      expect(b.sync!.getStatus()).toMatchObject({ state: 'online', pending: 0 });
    }, 15_000);
  }, 30_000);

  it('gets back a lost settings edit even when a rotation given back first stamps the settings (found by the randomized test, seed 3)', async () => {
    server = await startRestartableServer();
    const user = await seedUser(server.t.deps, { plan: 'paid' });
    // The settings are given back slowly: before the fix, the rotation's collection went first,
    // its re-created rotation stamped the settings' last rotation date, and the settings row then
    // counted as changed since the restore, so the device's lost edit was not taken.
    const slowSettings: typeof fetch = async (input, init) => {
      if (/\/settings\/push\?restoredFrom=/.test(String(input))) await new Promise((resolve) => setTimeout(resolve, 400));
      return fetch(input, init);
    };
    const a = await openDevice(server, user, { label: 'a' });
    devices.push(a);
    a.online({ retryMs: 20, fetch: slowSettings });
    await addToy(a.db, { title: 'Ball' });
    await a.sync!.awaitVerified();
    const backup = await server.backup();
    await setReminderEmail(a.db, true); // acknowledged, then lost
    const { rotation } = await rotate(a.db, { randomInt: () => 0 });
    await eventually(async () => {
      expect(await server.t.db.selectFrom('rotations').select('id').where('id', '=', rotation.id).executeTakeFirst()).toBeTruthy();
      expect(a.sync!.getStatus()).toMatchObject({ state: 'online', pending: 0 });
    });

    await server.stop();
    await server.start(backup);

    await eventually(async () => {
      const row = await server.t.db.selectFrom('settings').selectAll().where('household_id', '=', asHouseholdId(user.userId)).executeTakeFirstOrThrow();
      expect({ reminderEmail: row.reminder_email, lastRotationDate: Number(row.last_rotation_date) }).toEqual({ reminderEmail: 1, lastRotationDate: rotation.createdAt });
      expect(a.sync!.getStatus()).toMatchObject({ state: 'online', pending: 0 });
    }, 15_000);
    expect(await getSettings(a.db)).toMatchObject({ reminderEmail: true, lastRotationDate: rotation.createdAt });
  }, 30_000);
});
