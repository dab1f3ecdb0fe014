import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { photoStore, savePhoto } from '../../sync/photos.js';
import { photoUploadOutcome } from './photo-upload-outcome.js';

// Issue 16, polish 7: "Image uploaded successfully" only once the photo is on the server.

const photo = (byte: number) => new Blob([new Uint8Array([byte, 2, 3])], { type: 'image/jpeg' });

describe('photoUploadOutcome', () => {
  it('waits for the upload to finish', async () => {
    const id = await savePhoto('home-a', photo(1));
    const outcome = photoUploadOutcome('home-a', id, 5000);
    await photoStore('home-a').photos.update(id, { status: 'uploaded' });
    expect(await outcome).toEqual({ status: 'uploaded' });
  });

  it("reports the server's refusal", async () => {
    const id = await savePhoto('home-b', photo(2));
    const outcome = photoUploadOutcome('home-b', id, 5000);
    await photoStore('home-b').photos.update(id, { status: 'failed', error: 'That file is not an image.' });
    expect(await outcome).toEqual({ status: 'failed', error: 'That file is not an image.' });
  });

  it('says it is still waiting while the photo only sits in the queue', async () => {
    const id = await savePhoto('home-c', photo(3));
    expect(await photoUploadOutcome('home-c', id, 100)).toEqual({ status: 'waiting' });
  });
});
