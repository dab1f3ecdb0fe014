import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { ServerError } from '../lib/http.js';
import { createPhotoUploader } from './photo-uploader.js';
import { pendingPhotos, savePhoto } from './photos.js';

// The server answers 503 while its photo store (or database) is down (decision 027): the photo
// stays on the device, still waiting, and the next upload pass sends it. Never marked failed.

describe('the upload outbox during a server outage', () => {
  it('keeps a photo answered 503 and sends it on the next pass', async () => {
    const userId = `outage-${Math.random().toString(36).slice(2)}`;
    const id = await savePhoto(userId, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' }));
    let storeUp = false;
    const puts: string[] = [];
    const notices: string[] = [];
    const uploader = createPhotoUploader({
      userId,
      http: {
        async request(path) {
          puts.push(path);
          if (!storeUp) throw new ServerError('Photos cannot be stored or shown right now (the photo store does not answer), so nothing was changed.', 503);
          return new Response(JSON.stringify({ id }), { status: 201 });
        },
      },
      onProgress: () => {},
      onAuthError: () => {},
      onLeft: () => {},
      onNotice: (message) => notices.push(message),
    });

    await uploader.run();
    expect(puts).toEqual([`/api/media/${id}`]);
    expect((await pendingPhotos(userId)).map((photo) => photo.id)).toEqual([id]); // kept, still waiting
    expect(notices).toEqual([]); // not refused for good: nothing to tell the parent

    storeUp = true;
    await uploader.run();
    expect(puts).toHaveLength(2);
    expect(await pendingPhotos(userId)).toEqual([]);
  });
});
