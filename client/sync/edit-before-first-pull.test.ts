import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { converge, enableDevMode, eventually, newUser, openDevice, syncTestBed, type Device } from '../test-support/sync-harness.js';
import { FIRST_CHILD_ID, type SettingsDoc } from '../../shared/schemas/docs.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';
import { getSettings, patchChild, setRotationCount } from '../db/ops/index.js';
import { addToys } from '../db/ops/toys.js';
import { openSyncRecords } from './engine/sync-records.js';

// A parent signs in on a new device and edits the settings at once, while the device's first
// sync still runs: the device holds no settings from the server yet, so the edit is made on the
// device's defaults. That edit is a change from what the parent saw (the defaults): after the
// first pull it must hold on the server and every device, while the fields the parent did not
// touch keep the server's values (the device's defaults never overwrite them).

enableDevMode();
const bed = syncTestBed();

type Hold = { arrived: Promise<void>; release(): void };

/** A fetch that holds the settings pull until released: the device's first sync is still running. */
function heldSettingsPull(): { fetch: typeof fetch; hold: Hold } {
  let arrivedNow!: () => void;
  let release!: () => void;
  const arrived = new Promise<void>((resolve) => (arrivedNow = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    hold: { arrived, release },
    fetch: async (input, init) => {
      if (String(input).includes('/api/sync/settings/pull')) {
        arrivedNow();
        await released;
      }
      return fetch(input, init);
    },
  };
}

/** A household on the server with toys and settings another device already set. */
async function household(server: Partial<Pick<SettingsDoc, 'firstChildName' | 'firstChildBirthYear'>> & { rotationToysNumber: number; rotationIntervalDays: number }) {
  const user = await newUser(bed.server);
  const a = await openDevice(bed.server, user, { label: 'a' });
  bed.devices.push(a);
  await converge(a);
  await addToys(a.db, Array.from({ length: 10 }, (_, i) => ({ title: `Toy ${i + 1}` })));
  await setRotationCount(a.db, server.rotationToysNumber);
  const { rotationToysNumber: _count, rotationIntervalDays, firstChildName, firstChildBirthYear } = server;
  await patchChild(a.db, FIRST_CHILD_ID, {
    rotationIntervalDays,
    ...(firstChildName !== undefined ? { name: firstChildName } : {}),
    ...(firstChildBirthYear !== undefined ? { birthYear: firstChildBirthYear } : {}),
  });
  await converge(a);
  return { user, a };
}

/** A new device signs in; `edit` runs while its first settings pull is held, then sync finishes. */
async function newDeviceEditsDuringFirstSync(user: { userId: string; token: string }, edit: (device: Device) => Promise<void>): Promise<Device> {
  const fresh = await openDevice(bed.server, user, { label: 'fresh' });
  const { fetch, hold } = heldSettingsPull();
  fresh.online({ fetch });
  await hold.arrived;
  await edit(fresh);
  hold.release();
  return fresh;
}

/** The device closed and opened again on the same stored data (a reload). */
async function reopened(device: Device, user: { userId: string; token: string }): Promise<Device> {
  await device.offline();
  await device.db.close();
  const again = await openDevice(bed.server, user, { name: device.name });
  bed.devices.push(again);
  return again;
}

async function serverSettings(userId: string) {
  return bed.server.t.db.selectFrom('settings').selectAll().where('household_id', '=', asHouseholdId(userId)).executeTakeFirstOrThrow();
}

describe('a settings edit made on a new device before its first pull', () => {
  it('naming the first child is kept on the server and every device, across a reload; the server\'s other fields stay', async () => {
    const { user, a } = await household({ rotationToysNumber: 5, rotationIntervalDays: 7, firstChildBirthYear: 2022 });
    const fresh = await newDeviceEditsDuringFirstSync(user, async (device) => {
      await patchChild(device.db, FIRST_CHILD_ID, { name: 'Mia' });
      expect((await getSettings(device.db)).firstChildName).toBe('Mia'); // what the form shows
    });
    await converge(a, fresh);
    const again = await reopened(fresh, user);
    await converge(a, again);

    for (const device of [a, again]) {
      expect(await getSettings(device.db), device.name).toMatchObject({ firstChildName: 'Mia', firstChildBirthYear: 2022, rotationToysNumber: 5, rotationIntervalDays: 7 });
    }
    expect(await serverSettings(user.userId)).toMatchObject({ first_child_name: 'Mia', first_child_birth_year: 2022, rotation_toys_number: 5, rotation_interval_days: 7 });
  });

  it('a changed rotation interval is kept; the name set on another device and the toys per rotation stay the server\'s', async () => {
    const { user, a } = await household({ rotationToysNumber: 5, rotationIntervalDays: 7, firstChildName: 'Leo' });
    const fresh = await newDeviceEditsDuringFirstSync(user, async (device) => {
      await patchChild(device.db, FIRST_CHILD_ID, { rotationIntervalDays: 3 });
    });
    await converge(a, fresh);
    const again = await reopened(fresh, user);
    await converge(a, again);

    for (const device of [a, again]) {
      expect(await getSettings(device.db), device.name).toMatchObject({ firstChildName: 'Leo', rotationToysNumber: 5, rotationIntervalDays: 3 });
    }
    await eventually(async () => expect(await serverSettings(user.userId)).toMatchObject({ first_child_name: 'Leo', rotation_toys_number: 5, rotation_interval_days: 3 }));
  });

  it('an edit kept across a reload before the first pull answered, and one made after it, both hold', async () => {
    const { user, a } = await household({ rotationToysNumber: 5, rotationIntervalDays: 7 });
    const fresh = await openDevice(bed.server, user, { label: 'fresh' });
    const { fetch } = heldSettingsPull(); // never released: the page closes first
    fresh.online({ fetch });
    await patchChild(fresh.db, FIRST_CHILD_ID, { name: 'Mia' });
    // The edit's base (the defaults it was made on) is recorded, and the push waits for the first pull, when the page closes.
    const records = openSyncRecords(fresh.db.name);
    await eventually(async () => expect((await records.recordsOf('settings', [user.userId])).get(user.userId)?.base).toBeDefined());
    records.close();
    const again = await reopened(fresh, user);
    await patchChild(again.db, FIRST_CHILD_ID, { birthYear: 2023 });
    await converge(a, again);

    for (const device of [a, again]) {
      expect(await getSettings(device.db), device.name).toMatchObject({ firstChildName: 'Mia', firstChildBirthYear: 2023, rotationToysNumber: 5, rotationIntervalDays: 7 });
    }
  });
});
