import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLimits } from '../../../shared/domain/plans.js';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { mediaFilePath, mediaId } from '../media/media-store.js';
import { dataUrl, makePng } from '../../test-support/test-images.js';
import { apiClient, insertToys } from '../../test-support/toys.js';
import { enforceQuotas, PHOTO_NOT_YOURS, QUOTAS, quotasFor } from './quotas.js';
import { toyDoc } from '../../test-support/docs.js';
import { asHouseholdId } from '../../db/schema.js';

// Issue 10, item 5 (quotas) and item 7 (photo references on sync push).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const toy = toyDoc;
const category = (i: number) => ({ id: `cat-${i}`, kind: 'category', name: `Category ${i}`, position: i, createdAt: 1, _deleted: false });
const rotation = (i: number) => ({ id: `rot-${i}`, createdAt: 1000 + i, toyIds: ['a', 'b'], _deleted: false });

async function push(token: string, collection: string, docs: unknown[]) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', docs.map((newDocumentState) => ({ newDocumentState })), token));
  return { status: res.status, body: (await res.json()) as any };
}

async function putPhoto(token: string, bytes: Uint8Array) {
  return t.app.request(`/api/media/${mediaId(bytes)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    body: Buffer.from(bytes),
  });
}

/** Whether the store holds a file for these bytes' id: a refused write must leave none (disk use). */
const fileOf = (bytes: Uint8Array) => fs.existsSync(mediaFilePath(t.dataDir, mediaId(bytes)));

const countRows = async (table: 'lists' | 'toys' | 'rotations', userId: string) =>
  (await t.db.selectFrom(table).select('id').where('household_id', '=', asHouseholdId(userId)).execute()).length;

describe('quotas', () => {
  it(`accepts ${QUOTAS.categories} categories through sync, refuses more with a readable 403 and stores nothing`, async () => {
    const user = await seedUser(t.deps);
    const before = await countRows('lists', user.userId);
    const tooMany = await push(user.token, 'lists', Array.from({ length: QUOTAS.categories + 1 }, (_, i) => category(i)));
    expect(tooMany.status).toBe(403);
    expect(tooMany.body).toEqual({ error: `An account can have at most ${QUOTAS.categories} categories.` });
    expect(await countRows('lists', user.userId)).toBe(before);
    // Uncategorized is one of them: 199 more fit.
    const fits = await push(user.token, 'lists', Array.from({ length: QUOTAS.categories - 1 }, (_, i) => category(i)));
    expect(fits.status).toBe(200);
    expect(await countRows('lists', user.userId)).toBe(before + QUOTAS.categories - 1);
  });

  it(`keeps a rolling history of ${QUOTAS.rotationHistory} rotations, for sync and REST alike`, async () => {
    const user = await seedUser(t.deps);
    expect((await push(user.token, 'rotations', Array.from({ length: 150 }, (_, i) => rotation(i)))).status).toBe(200);
    const rows = await t.db.selectFrom('rotations').selectAll().where('household_id', '=', asHouseholdId(user.userId)).execute();
    const live = rows.filter((r) => r.deleted === 0);
    expect(live).toHaveLength(QUOTAS.rotationHistory);
    expect(Math.min(...live.map((r) => Number(r.created_at)))).toBe(1050); // the newest were kept
    expect(rows.filter((r) => r.deleted === 1).every((r) => r.toy_ids === '[]')).toBe(true);
    await apiClient(t, user.token).get('pickRandomToys');
    const after = await t.db.selectFrom('rotations').select('id').where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 0).execute();
    expect(after).toHaveLength(QUOTAS.rotationHistory);
  });

  it("keeps each child's newest rotations, in the order the server took them", async () => {
    const user = await seedUser(t.deps);
    // A second child rotated once, long ago; then 150 rotations of the first child.
    expect((await push(user.token, 'rotations', [{ ...rotation(0), id: 'mia-1', childId: 'mia', createdAt: 5 }])).status).toBe(200);
    expect((await push(user.token, 'rotations', Array.from({ length: 150 }, (_, i) => rotation(i)))).status).toBe(200);
    // The last one comes from a device whose clock is behind: still the newest by the server's order.
    expect((await push(user.token, 'rotations', [{ ...rotation(0), id: 'late', createdAt: 1 }])).status).toBe(200);
    const live = await t.db.selectFrom('rotations').select(['id', 'child_id']).where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 0).execute();
    expect(live.filter((r) => r.child_id === 'mia').map((r) => r.id)).toEqual(['mia-1']);
    const first = live.filter((r) => r.child_id !== 'mia').map((r) => r.id);
    expect(first).toHaveLength(QUOTAS.rotationHistory);
    expect(first).toContain('late');
    expect(first).not.toContain('rot-50'); // the oldest the server took went first
  });

  it('caps live toys at the plan limit plus a margin', async () => {
    const user = await seedUser(t.deps);
    const cap = quotasFor('free').toys;
    expect(cap).toBe(planLimits('free').toysLimit + QUOTAS.toysMargin);
    await insertToys(t.deps, user.userId, cap);
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow();
    await expect(t.db.transaction().execute((trx) => enforceQuotas(trx, { ...row, id: asHouseholdId(row.id) }, 'toys'))).resolves.toEqual([]);
    await insertToys(t.deps, user.userId, 1);
    await expect(t.db.transaction().execute((trx) => enforceQuotas(trx, { ...row, id: asHouseholdId(row.id) }, 'toys'))).rejects.toThrow(`at most ${cap} toys`);
  });

  it('applies the same caps to REST writes: a refused one stores nothing, not even its photo file', async () => {
    const user = await seedUser(t.deps);
    // A script that adds and deletes toys through REST leaves tombstones; past the cap it stops.
    const rows = Array.from({ length: QUOTAS.rowsPerTable }, (_, i) => ({
      household_id: asHouseholdId(user.userId), id: `tomb-${i}`, title: 'Gone', category_id: 'uncategorized', created_at: 1, last_rotated_at: null,
      location: null, feedback: null, media_id: null, deleted: 1, seq: 1,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insertInto('toys').values(rows.slice(i, i + 500)).execute();
    const api = apiClient(t, user.token);
    const photos = [60, 61, 62].map((seed) => makePng(4, 4, seed));
    for (const photo of photos) {
      const refused = await api.post('addToy', { data: dataUrl(photo, 'image/png'), title: 'One too many' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: expect.stringContaining(`${QUOTAS.rowsPerTable} stored toys`) });
    }
    expect(await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 0).execute()).toEqual([]);
    expect(await t.db.selectFrom('media').select('id').where('household_id', '=', asHouseholdId(user.userId)).execute()).toEqual([]);
    expect(photos.filter(fileOf)).toEqual([]);

    // Over the cap already (one live toy on top): re-photographing it is refused the same way.
    const [live] = await insertToys(t.deps, user.userId, 1);
    const photo = makePng(4, 4, 63);
    const update = await api.put(`updatetoy/${live}`, { title: 'Toy 1', data: dataUrl(photo, 'image/png') });
    expect(update.status).toBe(403);
    expect(fileOf(photo)).toBe(false);
  });

  it('refuses photos beyond what the plan\'s toys need plus a margin', async () => {
    const user = await seedUser(t.deps);
    const cap = quotasFor('free').photos;
    await t.db
      .insertInto('media')
      .values(Array.from({ length: cap - 1 }, (_, i) => ({ household_id: asHouseholdId(user.userId), id: `${i}`.padStart(64, 'f'), mime: 'image/jpeg', bytes: 1, width: 1, height: 1, created_at: 1 })))
      .execute();
    const [fits, tooMany, withToy] = [1, 2, 3].map((seed) => makePng(4, 4, seed));
    expect((await putPhoto(user.token, fits!)).status).toBe(201);
    expect(fileOf(fits!)).toBe(true);
    const refused = await putPhoto(user.token, tooMany!);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: expect.stringContaining(`at most ${cap} photos`) });
    const addToy = await apiClient(t, user.token).post('addToy', { data: dataUrl(withToy!, 'image/png'), title: 'One more' });
    expect(addToy.status).toBe(403);
    expect(await countRows('toys', user.userId)).toBe(0);
    expect([tooMany!, withToy!].filter(fileOf)).toEqual([]);
  });
});

describe('photo references on sync push', () => {
  it('refuses a toy that points at another account\'s photo, and stores nothing', async () => {
    const owner = await seedUser(t.deps);
    const other = await seedUser(t.deps);
    const photo = makePng(4, 4, 70);
    expect((await putPhoto(owner.token, photo)).status).toBe(201);

    const theft = await push(other.token, 'toys', [toy('mine-1'), toy('stolen', { mediaId: mediaId(photo) })]);
    expect(theft.status).toBe(403);
    expect(theft.body).toEqual({ error: PHOTO_NOT_YOURS });
    expect(await countRows('toys', other.userId)).toBe(0);

    // The owner may; so may the other account once it uploads the same bytes itself.
    expect((await push(owner.token, 'toys', [toy('own', { mediaId: mediaId(photo) })])).status).toBe(200);
    expect((await putPhoto(other.token, photo)).status).toBe(201);
    expect((await push(other.token, 'toys', [toy('stolen', { mediaId: mediaId(photo) })])).status).toBe(200);
  });

  it('accepts a toy whose photo no one has uploaded yet (made offline, upload still queued)', async () => {
    const user = await seedUser(t.deps);
    const pending = makePng(4, 4, 71);
    expect((await push(user.token, 'toys', [toy('offline', { mediaId: mediaId(pending) })])).status).toBe(200);
    expect((await putPhoto(user.token, pending)).status).toBe(201);
  });
});
