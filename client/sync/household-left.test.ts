import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { enableDevMode, eventually, openDevice, syncTestBed } from '../test-support/sync-harness.js';
import { family } from '../../sync-server/test-support/households.js';
import { makeJpeg } from '../../sync-server/test-support/test-images.js';
import { addToy, patchSettings } from '../db/ops/index.js';
import { pendingPhotos, savePhoto } from './photos.js';
import type { HouseholdLeftInfo } from './sync-types.js';

// Issue 13 (decision 017): a member removed while their phone was offline with changes waiting.
// At the next contact the device stops syncing that household, hands in what waits (decision
// 016: a push the server still takes for a day), and says how much could not be sent.

enableDevMode();
const bed = syncTestBed();

async function removedWhileOffline(change: (db: Awaited<ReturnType<typeof openDevice>>['db']) => Promise<unknown>) {
  const { owner, member, householdId } = await family(bed.server.t);
  const device = await openDevice(bed.server, { userId: householdId, token: member.token }, { label: 'member' });
  bed.devices.push(device);
  device.online();
  await device.sync!.awaitInSync();
  await device.offline();
  await change(device.db);

  const removed = await owner.api.del(`/api/household/members/${member.userId}`);
  expect(removed.status).toBe(200);

  let info: HouseholdLeftInfo | null = null;
  device.online({ onHouseholdLeft: (left) => (info = left) });
  await eventually(() => expect(info).not.toBeNull(), 10_000);
  return { info: info as unknown as HouseholdLeftInfo, owner, householdId };
}

describe('removed from the household while offline with changes waiting', () => {
  it('hands the waiting toys in to the household and reports nothing unsent', async () => {
    const { info, owner } = await removedWhileOffline((db) => addToy(db, { title: 'Made before removal', categoryId: 'uncategorized' }));
    expect(info.message).toBe('You are no longer a member of this household.');
    expect(info).toMatchObject({ sent: 1, unsent: 0, refused: 0 });
    expect(info).toMatchObject({ handedIn: 1 }); // the server took it as a hand-in
    const toys = await owner.api.get('getusertoys');
    expect((toys.body as { title: string }[]).map((toy) => toy.title)).toContain('Made before removal');
  });

  it('counts what cannot be handed in (settings belong to the household): the device keeps it', async () => {
    const { info } = await removedWhileOffline((db) => patchSettings(db, { rotationToysNumber: 2 }));
    expect(info.sent).toBe(0);
    expect(info.unsent).toBe(1);
  });

  it("hands in the waiting toy's photo too: the household sees the toy with its photo, nothing stays unsent", async () => {
    let photo = '';
    const { info, owner, householdId } = await removedWhileOffline(async (db) => {
      photo = await savePhoto(db.householdId, new Blob([makeJpeg(8, 6, { seed: 71 }) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }));
      return addToy(db, { title: 'Photo made before removal', mediaId: photo });
    });
    expect(info).toMatchObject({ unsent: 0, refused: 0 });
    const toys = (await owner.api.get('/api/sync/toys/pull')).body.documents as { title: string; mediaId: string | null }[];
    expect(toys.find((toy) => toy.title === 'Photo made before removal')?.mediaId).toBe(photo);
    expect((await fetch(`${bed.server.baseUrl}/api/media/${photo}`)).status).toBe(200);
    expect(await pendingPhotos(householdId)).toEqual([]);
  });
});
