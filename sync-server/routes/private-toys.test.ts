import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Plan, TOYS_LIMIT_MESSAGE } from '../../shared/domain/plans.js';
import { restToySchema } from '../../shared/schemas/rest.js';
import { mediaFilePath, mediaId } from '../services/media/media-store.js';
import { dataUrl, GIF_BYTES, makeJpeg, makePng } from '../test-support/test-images.js';
import { apiClient, insertToys, rawRows } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { asHouseholdId } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newUser(plan: Plan = 'free') {
  const user = await seedUser(t.deps, { plan });
  return { ...user, api: apiClient(t, user.token) };
}

describe('private toy calls need a valid bearer token', () => {
  it.each([
    ['GET', 'getusertoys'],
    ['GET', 'getsettings'],
    ['GET', 'getUserToys/'],
    ['PUT', 'updateSettings/'],
    ['POST', 'addToy'],
    ['DELETE', 'deletetoy/x'],
    ['POST', 'deleteUser'],
  ])('%s %s: 401 {error}', async (method, path) => {
    const call = (api: ReturnType<typeof apiClient>) =>
      method === 'GET' ? api.get(path) : method === 'POST' ? api.post(path, {}) : method === 'PUT' ? api.put(path, {}) : api.del(path);
    const res = await call(apiClient(t));
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await call(apiClient(t, 'not-a-token'))).status).toBe(401);
  });
});

describe('addToy', () => {
  it('stores a real PNG and a real JPEG, answers the toy, and lists them newest first (both spellings)', async () => {
    const { api, userId } = await newUser();
    await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks'] });
    const png = makePng(3, 2, 1);
    const first = await api.post('addToy', { data: dataUrl(png, 'image/png'), title: 'Duplo', type: 'Blocks', caption: 'red ones' });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('Image uploaded successfully');
    expect(restToySchema.parse(first.body.toy)).toMatchObject({
      title: 'Duplo',
      type: 'Blocks',
      caption: 'red ones',
      cloudinaryId: mediaId(png),
      basket: [],
      excludedToy: false,
      favoriteToy: false,
    });
    // Stored re-encoded as JPEG (reencode.ts), under the id of the bytes sent.
    expect([...fs.readFileSync(mediaFilePath(t.dataDir, mediaId(png))).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    t.advance(1000);
    const jpeg = makeJpeg(640, 480, { seed: 1 });
    const second = await api.post('addToy/', { data: dataUrl(jpeg, 'image/png'), title: '  Ball  ' });
    expect(second.status).toBe(200);
    expect(second.body.toy).toMatchObject({ title: 'Ball', type: 'Uncategorized', caption: '', cloudinaryId: mediaId(jpeg) });
    const media = await t.db.selectFrom('media').selectAll().where('household_id', '=', asHouseholdId(userId)).execute();
    expect(media.map((m) => m.mime).sort()).toEqual(['image/jpeg', 'image/jpeg']);

    for (const path of ['getusertoys', 'getUserToys', 'getUserToys/']) {
      const list = await api.get(path);
      expect(list.status).toBe(200);
      expect(list.body.map((toy: { title: string }) => toy.title)).toEqual(['Ball', 'Duplo']);
      expect(Date.parse(list.body[0].createdAt)).toBeGreaterThan(Date.parse(list.body[1].createdAt));
    }
  });

  it.each([
    ['a non-image', dataUrl(new TextEncoder().encode('just some text, honestly'), 'image/png'), /JPEG and PNG/],
    ['a GIF', dataUrl(GIF_BYTES, 'image/gif'), /JPEG and PNG/],
    ['a GIF declared as JPEG', dataUrl(GIF_BYTES, 'image/jpeg'), /JPEG and PNG/],
    ['an image over 2 MB', dataUrl(makeJpeg(100, 100, { padTo: 2 * 1024 * 1024 + 10 })), /2 MB/],
    ['a 6000x5000 image', dataUrl(makePng(6000, 5000), 'image/png'), /25 megapixels/],
    ['not a data URL', 'https://example.com/toy.jpg', /data URL/],
  ])('refuses %s with 400 {error} and stores nothing', async (_name, data, message) => {
    const { api, userId } = await newUser();
    const res = await api.post('addToy', { data, title: 'Bad' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await rawRows(t.deps, 'toys', userId)).toEqual([]);
    expect(await t.db.selectFrom('media').selectAll().where('household_id', '=', asHouseholdId(userId)).execute()).toEqual([]);
  });

  it('refuses a missing title or image, and an unknown category', async () => {
    const { api } = await newUser();
    const data = dataUrl(makePng(), 'image/png');
    expect((await api.post('addToy', { data, title: ' ' })).body.error).toMatch(/Title is required/);
    expect((await api.post('addToy', { data: '', title: 'x' })).body.error).toMatch(/Image was not picked/);
    const unknown = await api.post('addToy', { data, title: 'x', type: 'Nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatch(/no category named "Nope"/);
    expect((await api.get('getusertoys')).body).toEqual([]);
  });

  it('answers 413 for a body over 3 MB', async () => {
    const { api, userId } = await newUser();
    const res = await api.post('addToy', { data: `data:image/jpeg;base64,${'A'.repeat(3 * 1024 * 1024)}`, title: 'Huge' });
    expect(res.status).toBe(413);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await rawRows(t.deps, 'toys', userId)).toEqual([]);
  });

  it('refuses the 101st toy of a free user, allows a paid user past 100', async () => {
    const free = await newUser('free');
    await insertToys(t.deps, free.userId, 100);
    const refused = await free.api.post('addToy', { data: dataUrl(makePng(2, 2, 7), 'image/png'), title: 'One more' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: TOYS_LIMIT_MESSAGE });
    expect((await rawRows(t.deps, 'toys', free.userId)).length).toBe(100);
    expect(await t.db.selectFrom('media').selectAll().where('household_id', '=', asHouseholdId(free.userId)).execute()).toEqual([]);

    const paid = await newUser('paid');
    await insertToys(t.deps, paid.userId, 100);
    const allowed = await paid.api.post('addToy', { data: dataUrl(makePng(2, 2, 8), 'image/png'), title: 'One more' });
    expect(allowed.status).toBe(200);
    expect((await paid.api.get('getusertoys')).body).toHaveLength(101);
  });

  it('counts only live toys against the limit', async () => {
    const free = await newUser('free');
    const [first] = await insertToys(t.deps, free.userId, 100);
    expect((await free.api.del(`deletetoy/${first}`)).status).toBe(200);
    const res = await free.api.post('addToy', { data: dataUrl(makePng(2, 2, 9), 'image/png'), title: 'Fits again' });
    expect(res.status).toBe(200);
  });
});

describe('updatetoy, deletetoy and the two flags', () => {
  it('updates text and category, keeps the photo for an empty or same id, replaces it for a new data URL', async () => {
    const { api } = await newUser();
    await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Cars'] });
    const png = makePng(2, 2, 20);
    const { toy } = (await api.post('addToy', { data: dataUrl(png, 'image/png'), title: 'Truck' })).body;

    const kept = await api.put(`updatetoy/${toy._id}`, { data: '', title: 'Big truck', type: 'Cars', caption: 'yellow' });
    expect(kept.status).toBe(200);
    expect(kept.body.toy).toMatchObject({ _id: toy._id, title: 'Big truck', type: 'Cars', caption: 'yellow', cloudinaryId: mediaId(png) });

    const same = await api.put(`updatetoy/${toy._id}/`, { data: mediaId(png), title: 'Big truck', type: 'Cars', caption: 'yellow' });
    expect(same.body.toy.cloudinaryId).toBe(mediaId(png));

    const jpeg = makeJpeg(10, 10, { seed: 21 });
    const replaced = await api.put(`updatetoy/${toy._id}`, { data: dataUrl(jpeg), title: 'Big truck', type: 'Cars', caption: '' });
    expect(replaced.body.toy.cloudinaryId).toBe(mediaId(jpeg));
    expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(jpeg)))).toBe(true);

    const bad = await api.put(`updatetoy/${toy._id}`, { data: dataUrl(GIF_BYTES, 'image/gif'), title: 'x' });
    expect(bad.status).toBe(400);
    const foreignId = await api.put(`updatetoy/${toy._id}`, { data: 'f'.repeat(64), title: 'x' });
    expect(foreignId.status).toBe(400);
    const unknownType = await api.put(`updatetoy/${toy._id}`, { title: 'x', type: 'Dolls' });
    expect(unknownType.status).toBe(400);
    expect((await api.get('getusertoys')).body[0]).toMatchObject({ title: 'Big truck', cloudinaryId: mediaId(jpeg) });
  });

  it('flags a toy excluded or kept, and counts excluded and unexcluded toys as bare numbers', async () => {
    const { api, userId } = await newUser();
    const [a, b, c] = await insertToys(t.deps, userId, 3);
    const excluded = await api.put(`updateExcludedToy/${a}`, { excludedToy: true });
    expect(excluded.status).toBe(200);
    expect(excluded.body).toMatchObject({ _id: a, excludedToy: true, favoriteToy: false });
    const kept = await api.put(`updateFavoriteToyProporty/${b}/`, { favoriteToy: true });
    expect(kept.body).toMatchObject({ _id: b, favoriteToy: true });
    expect((await api.get('excludedToysAmount')).body).toBe(1);
    expect((await api.get('unexcludedToysAmount')).body).toBe(2);
    expect((await api.put(`updateExcludedToy/${c}`, { excludedToy: 'yes' })).status).toBe(400);
    expect((await api.put(`updateExcludedToy/${a}`, { excludedToy: false })).body.excludedToy).toBe(false);
    expect((await api.get('excludedToysAmount')).body).toBe(0);
  });

  it('deletes softly: the row stays with deleted = 1 and a new seq, and disappears from answers', async () => {
    const { api, userId } = await newUser();
    const [a, b] = await insertToys(t.deps, userId, 2);
    const before = (await rawRows(t.deps, 'toys', userId)).find((row) => row.id === a)!;
    const res = await api.del(`deletetoy/${a}`);
    expect(res).toMatchObject({ status: 200, body: { msg: expect.any(String) } });
    const after = (await rawRows(t.deps, 'toys', userId)).find((row) => row.id === a)!;
    expect(after.deleted).toBe(1);
    expect(Number(after.seq)).toBeGreaterThan(Number(before.seq));
    expect((await api.get('getusertoys')).body.map((toy: { _id: string }) => toy._id)).toEqual([b]);
    expect((await api.del(`deletetoy/${a}`)).status).toBe(404);
    expect((await api.put(`updateExcludedToy/${a}`, { excludedToy: true })).status).toBe(404);
  });

  it('gives every write a higher seq and tells the change feed', async () => {
    const { api, userId } = await newUser();
    const [a] = await insertToys(t.deps, userId, 1);
    const events: string[][] = [];
    const stop = t.deps.feed.subscribe(asHouseholdId(userId), (event) => events.push(event.collections));
    const seqOf = async () => Number((await rawRows(t.deps, 'toys', userId))[0]!.seq);
    let last = await seqOf();
    for (const write of [
      () => api.put(`updateExcludedToy/${a}`, { excludedToy: true }),
      () => api.put(`updateFavoriteToyProporty/${a}`, { favoriteToy: true }),
      () => api.put(`updatetoy/${a}`, { title: 'Renamed' }),
    ]) {
      expect((await write()).status).toBe(200);
      const seq = await seqOf();
      expect(seq).toBeGreaterThan(last);
      last = seq;
    }
    stop();
    expect(events).toEqual([['toys'], ['toys'], ['toys']]);
  });
});

describe("another user's toys", () => {
  it('are refused with 404 on every id-taking call, and stay unchanged', async () => {
    const owner = await newUser();
    await owner.api.put('updateSettings', { toysBaskets: ['Shelf'] });
    const [toyId] = await insertToys(t.deps, owner.userId, 1, { title: 'Mine' });
    const before = await rawRows(t.deps, 'toys', owner.userId);

    const intruder = await newUser();
    await intruder.api.put('updateSettings', { toysBaskets: ['Shelf'] });
    const [ownToy] = await insertToys(t.deps, intruder.userId, 1);
    const attempts = [
      intruder.api.put(`updatetoy/${toyId}`, { title: 'Stolen' }),
      intruder.api.del(`deletetoy/${toyId}`),
      intruder.api.put(`updateExcludedToy/${toyId}`, { excludedToy: true }),
      intruder.api.put(`updateFavoriteToyProporty/${toyId}`, { favoriteToy: true }),
      intruder.api.put('updateBasket', { ids: [toyId], basket: 'Shelf' }),
      intruder.api.put('updateBasket', { ids: [ownToy, toyId], basket: 'Shelf' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await rawRows(t.deps, 'toys', owner.userId)).toEqual(before);
    // All or nothing: the intruder's own toy was not put in the collection either.
    expect((await intruder.api.get('getusertoys')).body[0].basket).toEqual([]);
    expect((await intruder.api.get('getusertoys')).body).toHaveLength(1);
  });
});
