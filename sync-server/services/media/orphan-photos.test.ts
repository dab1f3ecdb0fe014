import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { runDailyCleanup } from '../account/cleanup.js';
import { createSession } from '../auth/sessions.js';
import { apiClient } from '../../test-support/toys.js';
import { mediaFilePath, mediaId } from './media-store.js';
import { ORPHAN_PHOTO_GRACE_MS } from './orphan-photos.js';
import { dataUrl, makePng } from '../../test-support/test-images.js';

// Issue 10, item 5: photos no toy uses any more are removed after a grace period.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

describe('orphan photos', () => {
  it('removes a photo a grace period after its toy was deleted or re-photographed; used photos stay', async () => {
    const user = await seedUser(t.deps);
    const api = apiClient(t, user.token);
    const [kept, deleted, replaced, replacement, revived] = [1, 2, 3, 4, 5].map((seed) => makePng(4, 4, 100 + seed));
    const add = async (png: Uint8Array, title: string) =>
      (await api.post('addToy', { data: dataUrl(png, 'image/png'), title })).body.toy as { _id: string };
    await add(kept!, 'Kept');
    const gone = await add(deleted!, 'Deleted');
    const rephotographed = await add(replaced!, 'Re-photographed');
    const comesBack = await add(revived!, 'Comes back');
    expect((await api.del(`deletetoy/${gone._id}`)).status).toBe(200);
    expect((await api.put(`updatetoy/${rephotographed._id}`, { title: 'Re-photographed', data: dataUrl(replacement!, 'image/png') })).status).toBe(200);
    expect((await api.put(`updatetoy/${comesBack._id}`, { title: 'Comes back', data: dataUrl(replacement!, 'image/png') })).status).toBe(200);

    expect((await runDailyCleanup(t.deps)).orphanPhotosRemoved).toBe(0); // seen unused: the grace period starts
    const photo = (png: Uint8Array) => t.app.request(`/api/media/${mediaId(png)}`);
    expect((await photo(deleted!)).status).toBe(200);

    // Within the grace period a toy takes the old photo again: it is no orphan any more.
    t.advance(ORPHAN_PHOTO_GRACE_MS - DAY);
    const later = apiClient(t, await createSession(t.db, user.userId, t.deps.now())); // sessions last two hours
    expect((await later.put(`updatetoy/${comesBack._id}`, { title: 'Comes back', data: mediaId(revived!) })).status).toBe(200);
    t.advance(2 * DAY);
    expect((await runDailyCleanup(t.deps)).orphanPhotosRemoved).toBe(2);

    for (const png of [deleted!, replaced!]) {
      expect((await photo(png)).status).toBe(404);
      expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(png)))).toBe(false);
    }
    for (const png of [kept!, replacement!, revived!]) expect((await photo(png)).status).toBe(200);
  });
});
