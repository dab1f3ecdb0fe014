import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { enableDevMode, eventually, newUser, openDevice, switchableFetch, syncTestBed } from '../test-support/sync-harness.js';
import { makeJpeg } from '../../sync-server/test-support/test-images.js';
import { addToy } from '../db/ops/toys.js';
import { localPhoto, pendingPhotos, photoStore, savePhoto, sha256Hex } from './photos.js';

enableDevMode();

const bed = syncTestBed();

const jpeg = (seed: number) => new Blob([makeJpeg(8, 6, { seed }) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });

describe('photos', () => {
  it('a photo added offline is kept locally, counted as pending, and uploaded exactly once when online', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    const net = switchableFetch();
    net.network.up = false;
    device.online({ fetch: net.fetch });

    const blob = jpeg(1);
    const mediaId = await savePhoto(user.userId, blob);
    expect(mediaId).toBe(await sha256Hex(await blob.arrayBuffer()));
    expect(await savePhoto(user.userId, jpeg(1))).toBe(mediaId); // same bytes, same id, one queue entry
    await addToy(device.db, { title: 'Photo toy', mediaId });
    expect((await localPhoto(user.userId, mediaId))?.size).toBe(blob.size); // shows offline
    await eventually(() => expect(device.sync!.getStatus().pending).toBeGreaterThanOrEqual(2)); // toy + photo

    net.network.up = true;
    await device.sync!.uploadPhotos();
    await eventually(async () => {
      expect(await pendingPhotos(user.userId)).toHaveLength(0);
      expect(device.sync!.getStatus().pending).toBe(0);
    });
    const puts = net.log.filter((r) => r.method === 'PUT' && r.url.endsWith(`/api/media/${mediaId}`));
    expect(puts).toHaveLength(1);
    const served = await fetch(`${bed.server.baseUrl}/api/media/${mediaId}`);
    expect(served.status).toBe(200);
    // The server stores its own clean re-encoding of the photo (decision 010), under the client's id.
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 8, height: 6 });

    await device.sync!.uploadPhotos(); // nothing left: no second upload
    expect(net.log.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('a toy goes up after its photo, so a picture another household also holds is never refused', async () => {
    // Household A already holds the picture (same bytes, same id).
    const first = await newUser(bed.server);
    const a = await openDevice(bed.server, first);
    bed.devices.push(a);
    a.online();
    const mediaId = await savePhoto(first.userId, jpeg(7));
    await addToy(a.db, { title: 'Shop picture', mediaId });
    await eventually(async () => expect(await pendingPhotos(first.userId)).toHaveLength(0));

    // Household B picks the same picture offline, then comes online: toy and photo both wait.
    const second = await newUser(bed.server);
    const b = await openDevice(bed.server, second);
    bed.devices.push(b);
    const statuses: { url: string; status: number }[] = [];
    const net = switchableFetch();
    net.network.up = false;
    b.online({
      fetch: async (input, init) => {
        // A slow upload (a big photo on a phone network): the toy must still wait for it.
        if (init?.method === 'PUT' && net.network.up) await new Promise((resolve) => setTimeout(resolve, 1500));
        const response = await net.fetch(input, init);
        statuses.push({ url: String(input), status: response.status });
        return response;
      },
    });
    expect(await savePhoto(second.userId, jpeg(7))).toBe(mediaId);
    await addToy(b.db, { title: 'Same picture', mediaId });
    net.network.up = true;
    await eventually(async () => {
      expect(await pendingPhotos(second.userId)).toHaveLength(0);
      expect(b.sync!.getStatus().pending).toBe(0);
    });
    expect(statuses.filter((s) => s.status === 403)).toEqual([]);
    const pushed = statuses.filter((s) => s.url.includes('/api/sync/toys/push'));
    expect(pushed.length).toBeGreaterThan(0);
  });

  it('a photo the server refuses is not retried forever, and the reason is shown', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user);
    bed.devices.push(device);
    const net = switchableFetch();
    device.online({ fetch: net.fetch });
    const notAnImage = new Blob([new TextEncoder().encode('hello')], { type: 'image/jpeg' });
    const id = await savePhoto(user.userId, notAnImage);
    await eventually(async () => {
      expect((await photoStore(user.userId).photos.get(id))?.status).toBe('failed');
      expect(device.sync!.getStatus().error).toMatch(/JPEG and PNG/);
    });
    await device.sync!.uploadPhotos();
    expect(net.log.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
