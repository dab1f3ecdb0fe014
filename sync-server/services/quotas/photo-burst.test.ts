import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { mediaFilePath, mediaId } from '../media/media-store.js';
import { dataUrl, makePng } from '../../test-support/test-images.js';
import { apiClient } from '../../test-support/toys.js';
import { quotasFor } from './quotas.js';
import { asHouseholdId } from '../../db/schema.js';

// The photo quota is counted and taken in one step, inside the transaction that records the
// photo: a burst of parallel uploads cannot pass it together (decision 010).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Fills the account's photo quota up to `room` free places with rows of made-up photos. */
async function fillPhotosLeaving(userId: string, room: number) {
  const taken = quotasFor('free').photos - room;
  await t.db
    .insertInto('media')
    .values(Array.from({ length: taken }, (_, i) => ({ household_id: asHouseholdId(userId), id: `${i}`.padStart(64, 'e'), mime: 'image/jpeg', bytes: 1, width: 1, height: 1, created_at: 1 })))
    .execute();
}

const photoRows = async (userId: string) => (await t.db.selectFrom('media').select('id').where('household_id', '=', asHouseholdId(userId)).execute()).length;
const hasFile = (bytes: Uint8Array) => fs.existsSync(mediaFilePath(t.dataDir, mediaId(bytes)));

describe('the photo quota under a parallel burst', () => {
  it('PUT /api/media: exactly the free places are taken, the rest are refused and leave no file', async () => {
    const user = await seedUser(t.deps);
    await fillPhotosLeaving(user.userId, 3);
    const photos = Array.from({ length: 10 }, (_, i) => makePng(4, 4, 300 + i));
    const answers = await Promise.all(
      photos.map((bytes) =>
        t.app.request(`/api/media/${mediaId(bytes)}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
          body: Buffer.from(bytes),
        }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(7).fill(403)]);
    expect(await photoRows(user.userId)).toBe(quotasFor('free').photos);
    const created = photos.filter((_, i) => answers[i]!.status === 201);
    expect(photos.filter(hasFile)).toEqual(created);
  });

  it('addToy: exactly the free places are taken; refused toys store neither a row nor a file', async () => {
    const user = await seedUser(t.deps);
    await fillPhotosLeaving(user.userId, 2);
    const api = apiClient(t, user.token);
    const photos = Array.from({ length: 6 }, (_, i) => makePng(4, 4, 400 + i));
    const answers = await Promise.all(photos.map((bytes, i) => api.post('addToy', { data: dataUrl(bytes, 'image/png'), title: `Burst ${i}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 403, 403, 403, 403]);
    expect(answers.filter((answer) => answer.status === 403).map((answer) => answer.body)).toEqual(
      Array(4).fill({ error: expect.stringContaining(`at most ${quotasFor('free').photos} photos`) }),
    );
    expect(await photoRows(user.userId)).toBe(quotasFor('free').photos);
    expect((await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(user.userId)).execute()).length).toBe(2);
    expect(photos.filter(hasFile)).toEqual(photos.filter((_, i) => answers[i]!.status === 200));
  });
});
