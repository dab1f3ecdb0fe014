import { afterEach, describe, expect, it, vi } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually } from '../test-support/sync-harness.js';
import { photoUrlSource } from './photo-urls.js';
import { deleteMediaCache, photoStore, savePhoto } from './photos.js';

// The inventory shows one card per toy in its window; each card's photo must cost one lookup in
// the photo store per photo, not one per card, per render or per unrelated write.

const household = 'household-photo-urls';
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteMediaCache(household);
});

const png = (seed: number) => new Blob([new Uint8Array([137, 80, 78, 71, seed])], { type: 'image/png' });

describe('photoUrlSource', () => {
  it('looks a photo up once for every card showing it, and not again on unrelated writes or an upload', async () => {
    const mediaId = await savePhoto(household, png(1));
    const reads = vi.spyOn(photoStore(household).photos, 'get');
    const first = photoUrlSource(household, mediaId);
    const second = photoUrlSource(household, mediaId);
    const seen: string[] = [];
    const stopFirst = first.subscribe(() => seen.push('first'));
    const stopSecond = second.subscribe(() => seen.push('second'));
    await eventually(() => expect(first.url()).toMatch(/^blob:/));
    expect(second.url()).toBe(first.url());
    expect(reads).toHaveBeenCalledTimes(1);

    const url = first.url();
    // Another toy's photo (written directly: savePhoto reads the store itself first).
    await photoStore(household).photos.put({ id: 'e'.repeat(64), bytes: new ArrayBuffer(4), type: 'image/png', createdAt: 1, status: 'pending' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reads).toHaveBeenCalledTimes(1);
    await photoStore(household).photos.update(mediaId, { status: 'uploaded' }); // this one, uploaded: same bytes
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(first.url()).toBe(url);

    // A card that leaves the window and comes back finds its URL at once.
    stopFirst();
    stopSecond();
    const again = photoUrlSource(household, mediaId);
    const stopAgain = again.subscribe(() => {});
    expect(again.url()).toBe(url);
    stopAgain();
  });

  it('points at the server copy when there is no local photo or its upload was refused', async () => {
    const missing = photoUrlSource(household, 'f'.repeat(64));
    const stopMissing = missing.subscribe(() => {});
    await eventually(() => expect(missing.url()).toBe(`/api/media/${'f'.repeat(64)}`));
    stopMissing();

    const mediaId = await savePhoto(household, png(3));
    const refused = photoUrlSource(household, mediaId);
    const stop = refused.subscribe(() => {});
    await eventually(() => expect(refused.url()).toMatch(/^blob:/));
    await photoStore(household).photos.update(mediaId, { status: 'failed', error: 'Too large' });
    await eventually(() => expect(refused.url()).toBe(`/api/media/${mediaId}`));
    stop();
  });
});
