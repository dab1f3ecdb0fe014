import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, insertToys, rawRows } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { EMPTY_COLLECTION_MESSAGE } from '../../shared/domain/rotation-source.js';

// Rotating from a collection and bringing one out (decision 047), on SQLite and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A household with a kept toy, 3 bath toys (+1 excluded), 4 other toys, and a "Bath" and an empty "Cars" collection. */
async function household() {
  const user = await seedUser(t.deps);
  const api = apiClient(t, user.token);
  expect((await api.put('updateSettings', { toysBaskets: ['Bath', 'Cars'] })).status).toBe(200);
  const lists = await rawRows(t.deps, 'lists', user.userId);
  const bath = lists.find((row) => row.name === 'Bath')!.id;
  const cars = lists.find((row) => row.name === 'Cars')!.id;
  const inBath = JSON.stringify([bath]);
  const ids = await insertToys(t.deps, user.userId, 9, (i) => ({
    favorite: i === 0 ? 1 : 0,
    collection_ids: i >= 1 && i <= 4 ? inBath : '[]',
    excluded: i === 4 ? 1 : 0,
  }));
  return { ...user, api, bath, cars, kept: ids[0]!, bathToys: ids.slice(1, 4), others: ids.slice(5) };
}

const outNow = async (api: ReturnType<typeof apiClient>) => ((await api.get('getuserrandomtoys')).body as { _id: string }[]).map((toy) => toy._id);

describe('pickRandomToys and rotateChild with ?collectionId=', () => {
  it('draw the rotation count from the collection only, the kept toy staying out', async () => {
    const { api, bath, kept, bathToys } = await household();
    expect((await api.put('updateToyRotationNumber', { rotationToysNumber: 2 })).status).toBe(200);
    for (let round = 0; round < 4; round++) {
      t.advance(60_000);
      const res = await api.get(`pickRandomToys?collectionId=${bath}`);
      expect(res).toMatchObject({ status: 200, body: { msg: 'Toys rotated: 3 toys are out now.' } });
      const out = await outNow(api);
      expect(out[0]).toBe(kept);
      expect(out).toHaveLength(3);
      for (const id of out.slice(1)) expect(bathToys).toContain(id);
    }
    const res = await api.post(`rotateChild/first-child?collectionId=${bath}`);
    expect(res.status).toBe(200);
    expect(res.body.toyIds).toHaveLength(3);
    for (const id of res.body.toyIds.slice(1)) expect(bathToys).toContain(id);
  });

  it('without collectionId draws from every toy, as the spec says', async () => {
    const { api, others } = await household();
    expect((await api.put('updateToyRotationNumber', { rotationToysNumber: 7 })).status).toBe(200);
    await api.get('pickRandomToys');
    const out = await outNow(api);
    expect(out).toHaveLength(8);
    for (const id of others) expect(out).toContain(id);
  });
});

describe('POST bringOutCollection/{collectionId}', () => {
  it("makes the kept toys and every bath toy (not the excluded one) the current rotation, whatever the count", async () => {
    const { api, bath, kept, bathToys, userId } = await household();
    expect((await api.put('updateToyRotationNumber', { rotationToysNumber: 1 })).status).toBe(200);
    await api.get('pickRandomToys');
    t.advance(60_000);
    const res = await api.post(`bringOutCollection/${bath}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ msg: 'Toys rotated: 4 toys are out now.', childId: 'first-child', toyIds: [kept, ...bathToys] });
    expect(await outNow(api)).toEqual([kept, ...bathToys]);
    const rotations = await rawRows(t.deps, 'rotations', userId);
    expect(rotations).toHaveLength(2);
    const brought = rotations.find((row) => row.id === res.body.rotationId)!;
    const date = (await api.get('getLastRotationDate')).body[0].lastRotationDate;
    expect(Date.parse(date)).toBe(Number(brought.created_at));
  });

  it("with ?childId= it becomes that child's rotation, from that child's toys; the first child's stays", async () => {
    const { api, bath, kept, bathToys, userId } = await household();
    const child = await api.post('addChild', { name: 'Max' });
    expect(child.status).toBe(200);
    // One bath toy is only for the first child: it does not come out for Max.
    await t.deps.db.updateTable('toys').set({ child_ids: JSON.stringify(['first-child']) }).where('id', '=', bathToys[0]!).execute();
    await api.get('pickRandomToys');
    const firstOut = await outNow(api);
    const res = await api.post(`bringOutCollection/${bath}?childId=${child.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ childId: child.body.id, toyIds: [kept, ...bathToys.slice(1)] });
    expect(((await api.get(`childToys/${child.body.id}`)).body as { _id: string }[]).map((toy) => toy._id)).toEqual([kept, ...bathToys.slice(1)]);
    expect(await outNow(api)).toEqual(firstOut);
    expect(await rawRows(t.deps, 'rotations', userId)).toHaveLength(2);
  });

  it('an empty collection records nothing and says so', async () => {
    const { api, cars, userId } = await household();
    const res = await api.post(`bringOutCollection/${cars}`);
    expect(res).toMatchObject({ status: 200, body: { msg: EMPTY_COLLECTION_MESSAGE, rotationId: null, toyIds: [] } });
    expect((await api.get(`pickRandomToys?collectionId=${cars}`)).body).toEqual({ msg: EMPTY_COLLECTION_MESSAGE });
    expect(await rawRows(t.deps, 'rotations', userId)).toEqual([]);
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: null }]);
  });

  it("another household's collection, a category, an unknown child or a bad id is a 4xx {error} and changes nothing", async () => {
    const mine = await household();
    const theirs = await household();
    await mine.api.get('pickRandomToys');
    const before = await outNow(mine.api);
    const rotationsBefore = (await rawRows(t.deps, 'rotations', mine.userId)).length;
    const theirRotations = (await rawRows(t.deps, 'rotations', theirs.userId)).length;

    const refusals: [Promise<{ status: number; body: unknown }>, number][] = [
      [mine.api.post(`bringOutCollection/${theirs.bath}`), 404],
      [mine.api.get(`pickRandomToys?collectionId=${theirs.bath}`), 404],
      [mine.api.post(`rotateChild/first-child?collectionId=${theirs.bath}`), 404],
      [mine.api.post('bringOutCollection/uncategorized'), 404],
      [mine.api.post(`bringOutCollection/${mine.bath}?childId=nobody`), 404],
      [mine.api.post('bringOutCollection/not%20an%20id'), 400],
      [mine.api.get('pickRandomToys?collectionId=bad!id'), 400],
      [mine.api.get('pickRandomToys?collectionId='), 400],
    ];
    for (const [call, status] of refusals) {
      const res = await call;
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await mine.api.post(`bringOutCollection/${theirs.bath}`)).body).toEqual({ error: 'That collection was not found.' });
    expect((await mine.api.get('pickRandomToys?collectionId=bad!id')).body).toEqual({ error: 'collectionId: A collection id is letters, digits, - and _' });
    expect(await outNow(mine.api)).toEqual(before);
    expect(await rawRows(t.deps, 'rotations', mine.userId)).toHaveLength(rotationsBefore);
    expect(await rawRows(t.deps, 'rotations', theirs.userId)).toHaveLength(theirRotations);
  });

  it('needs a session', async () => {
    const { bath } = await household();
    expect((await apiClient(t).post(`bringOutCollection/${bath}`)).status).toBe(401);
  });
});

describe('the OpenAPI description', () => {
  it('names the calls and their collection parameters', async () => {
    const doc = (await apiClient(t).get('/api/openapi.json')).body;
    const bringOut = doc.paths['/api/private/bringOutCollection/{collectionId}'].post;
    expect(bringOut.operationId).toBe('bringOutCollection');
    expect(bringOut.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['childId', 'collectionId']);
    expect(Object.keys(bringOut.responses).sort()).toEqual(['200', '400', '401', '404']);
    for (const [path, method] of [['/api/private/pickRandomToys', 'get'], ['/api/private/rotateChild/{childId}', 'post']] as const) {
      const operation = doc.paths[path][method];
      expect(typeof operation.operationId).toBe('string');
      expect(operation.parameters.find((p: { name: string }) => p.name === 'collectionId')).toMatchObject({ in: 'query', required: false });
      expect(operation.responses['404']).toBeDefined();
    }
  });
});
