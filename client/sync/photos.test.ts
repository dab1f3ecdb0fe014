import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { enableDevMode, eventually, newUser, openDevice, switchableFetch, syncTestBed } from './test-support.js';
import { makeJpeg } from '../../sync-server/services/media/test-images.js';
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
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(await blob.arrayBuffer()));

    await device.sync!.uploadPhotos(); // nothing left: no second upload
    expect(net.log.filter((r) => r.method === 'PUT')).toHaveLength(1);
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
