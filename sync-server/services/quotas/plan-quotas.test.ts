import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_COLLECTIONS_MESSAGE, planLimits } from '../../../shared/domain/plans.js';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { mediaId } from '../media/media-store.js';
import { makePng } from '../../test-support/test-images.js';
import { apiClient, insertToys } from '../../test-support/toys.js';
import { toyDoc } from '../../test-support/docs.js';
import { QUOTAS, quotasFor } from './quotas.js';
import { asHouseholdId } from '../../db/schema.js';

// The caps that follow the plan (decision 010), through the real REST calls and sync pushes:
// collections and toys, and retired toys, which leave the plan's toy count (decision 018).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function push(token: string, collection: string, docs: unknown[]) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', docs.map((newDocumentState) => ({ newDocumentState })), token));
  return { status: res.status, body: (await res.json()) as unknown };
}

const collection = (i: number) => ({ id: `col-${i}`, kind: 'collection', name: `Basket ${i}`, position: i, createdAt: 1, _deleted: false });

const liveRows = async (table: 'lists' | 'toys', userId: string, where: { kind?: string } = {}) => {
  let query = t.db.selectFrom(table).select('id').where('household_id', '=', asHouseholdId(userId)).where('deleted', '=', 0);
  if (where.kind) query = query.where('kind' as never, '=', where.kind as never);
  return (await query.execute()).length;
};

describe('the collections cap', () => {
  const cap = quotasFor('free').collections;

  it(`sync push: a free household keeps up to ${cap} (made offline), one more is refused and nothing stored`, async () => {
    const user = await seedUser(t.deps);
    expect(cap).toBe(planLimits('free').collectionsLimit + QUOTAS.collectionsMargin);
    expect((await push(user.token, 'lists', Array.from({ length: cap }, (_, i) => collection(i)))).status).toBe(200);
    const refused = await push(user.token, 'lists', [collection(cap), { ...collection(0), name: 'Renamed in the same push' }]);
    expect(refused).toEqual({ status: 403, body: { error: `An account can have at most ${cap} collections.` } });
    expect(await liveRows('lists', user.userId, { kind: 'collection' })).toBe(cap);
    expect((await t.db.selectFrom('lists').select('name').where('id', '=', 'col-0').where('household_id', '=', asHouseholdId(user.userId)).executeTakeFirstOrThrow()).name).toBe('Basket 0');
  });

  it('REST: adding past the plan limit is refused and stores nothing; at the cap, removing and reordering still work', async () => {
    const user = await seedUser(t.deps);
    const api = apiClient(t, user.token);
    const refused = await api.put('updateSettings', { toysBaskets: ['A', 'B', 'C', 'D'] });
    expect(refused).toMatchObject({ status: 403, body: { error: FREE_COLLECTIONS_MESSAGE } });
    expect(await liveRows('lists', user.userId, { kind: 'collection' })).toBe(0);

    expect((await push(user.token, 'lists', Array.from({ length: cap }, (_, i) => collection(i)))).status).toBe(200);
    const fewer = Array.from({ length: cap - 1 }, (_, i) => `Basket ${cap - 1 - i}`);
    const shrunk = await api.put('updateSettings', { toysBaskets: fewer });
    expect(shrunk.status).toBe(200);
    expect(await liveRows('lists', user.userId, { kind: 'collection' })).toBe(cap - 1);
  });
});

describe('the toys cap', () => {
  const cap = quotasFor('free').toys;

  it(`sync push: a new toy past ${cap} in use is refused and nothing stored; edits still go through`, async () => {
    const user = await seedUser(t.deps);
    const [first] = await insertToys(t.deps, user.userId, cap);
    const refused = await push(user.token, 'toys', [toyDoc('one-too-many')]);
    expect(refused).toEqual({ status: 403, body: { error: `An account can have at most ${cap} toys in use (retired toys do not count).` } });
    expect(await liveRows('toys', user.userId)).toBe(cap);
    const row = await t.db.selectFrom('toys').selectAll().where('id', '=', first!).executeTakeFirstOrThrow();
    const edit = await push(user.token, 'toys', [toyDoc(first!, { title: 'Edited', createdAt: Number(row.created_at) })]);
    expect(edit.status).toBe(200);
  });

  it('retired toys do not count: 100 in use and 101 retired (with photos) still take a new toy, an edit and a photo', async () => {
    const user = await seedUser(t.deps);
    const photoRows = Array.from({ length: 201 }, (_, i) => ({
      household_id: asHouseholdId(user.userId), id: `${i}`.padStart(64, 'd'), mime: 'image/jpeg', bytes: 1, width: 1, height: 1, created_at: 1,
    }));
    await t.db.insertInto('media').values(photoRows).execute();
    const [active] = await insertToys(t.deps, user.userId, 100, (i) => ({ media_id: photoRows[i]!.id }));
    await insertToys(t.deps, user.userId, 101, (i) => ({ media_id: photoRows[100 + i]!.id, retired: 1, retired_reason: 'outgrown', retired_at: 1 }));
    expect(100 + 101).toBeGreaterThan(cap); // all live toys together are over the cap

    const row = await t.db.selectFrom('toys').selectAll().where('id', '=', active!).executeTakeFirstOrThrow();
    expect((await push(user.token, 'toys', [toyDoc(active!, { title: 'Edited', createdAt: Number(row.created_at) })])).status).toBe(200);
    expect((await push(user.token, 'toys', [toyDoc('a-new-one')])).status).toBe(200);
    const photo = makePng(4, 4, 77);
    const upload = await t.app.request(`/api/media/${mediaId(photo)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
      body: Buffer.from(photo),
    });
    expect(upload.status).toBe(201);
  });
});
