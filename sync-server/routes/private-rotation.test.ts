import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function newUser() {
  const user = await seedUser(t.deps);
  return { ...user, api: apiClient(t, user.token) };
}

describe('pickRandomToys and getuserrandomtoys', () => {
  it('with nothing to bring out records nothing and keeps the last rotation date (polish 1)', async () => {
    const { api, userId } = await newUser();
    const res = await api.get('pickRandomToys');
    expect(res.status).toBe(200);
    expect(typeof res.body.msg).toBe('string');
    expect(await rawRows(t.deps, 'rotations', userId)).toEqual([]);
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: null }]);

    await insertToys(t.deps, userId, 2, { excluded: 1 });
    expect((await api.post('rotateChild/first-child')).body).toMatchObject({ rotationId: null, toyIds: [] });
    expect(await rawRows(t.deps, 'rotations', userId)).toEqual([]);
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: null }]);
  });

  it('takes out every kept toy plus rotationToysNumber others, never excluded ones, and records history', async () => {
    const { api, userId } = await newUser();
    const ids = await insertToys(t.deps, userId, 12, (i) => ({ favorite: i < 2 ? 1 : 0, excluded: i >= 2 && i < 5 ? 1 : 0 }));
    const kept = ids.slice(0, 2);
    const excluded = new Set(ids.slice(2, 5));
    expect((await api.put('updateToyRotationNumber/', { rotationToysNumber: 4 })).status).toBe(200);
    expect((await api.get('getuserrandomtoys')).body).toEqual([]); // no rotation yet
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: null }]);

    for (let round = 0; round < 5; round++) {
      t.advance(60_000);
      const res = await api.get('pickRandomToys');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ msg: 'Toys rotated: 6 toys are out now.' });
      const out = (await api.get('getuserrandomtoys')).body.map((toy: { _id: string }) => toy._id);
      expect(out).toHaveLength(6);
      expect(out.slice(0, 2)).toEqual(kept);
      expect(new Set(out).size).toBe(6);
      for (const id of out) expect(excluded.has(id)).toBe(false);
    }
    const history = await rawRows(t.deps, 'rotations', userId);
    expect(history).toHaveLength(5);
    const latest = history.sort((a, b) => Number(b.created_at) - Number(a.created_at))[0]!;
    const latestIds: string[] = JSON.parse(latest.toy_ids);
    const toys = await rawRows(t.deps, 'toys', userId);
    for (const toy of toys) {
      if (latestIds.includes(toy.id)) expect(Number(toy.last_rotated_at)).toBe(Number(latest.created_at));
    }
    const date = (await api.get('getLastRotationDate')).body[0].lastRotationDate;
    expect(Date.parse(date)).toBe(Number(latest.created_at));
  });

  it('skips toys deleted since the rotation, keeping the order', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 3);
    await api.get('pickRandomToys');
    const before = (await api.get('getuserrandomtoys')).body.map((toy: { _id: string }) => toy._id);
    expect(before).toHaveLength(3);
    await api.del(`deletetoy/${before[1]}`);
    expect((await api.get('getuserrandomtoys')).body.map((toy: { _id: string }) => toy._id)).toEqual([before[0], before[2]]);
  });

  it('says so when there is nothing to rotate', async () => {
    const { api } = await newUser();
    const res = await api.get('pickRandomToys');
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/No toys to rotate/);
  });

  it('tells the change feed about rotations, toys and settings', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 2);
    const events: string[][] = [];
    const stop = t.deps.feed.subscribe(asHouseholdId(userId), (event) => events.push(event.collections));
    await api.get('pickRandomToys');
    stop();
    expect(events).toEqual([['rotations', 'toys', 'settings']]);
  });
});

describe('last rotation date', () => {
  it('updateLastRotationDate sets it to now', async () => {
    const { api } = await newUser();
    const res = await api.get('updateLastRotationDate');
    expect(res.status).toBe(200);
    const now = t.deps.now();
    expect(Math.abs(Date.parse(res.body[0].lastRotationDate) - now)).toBeLessThan(1000);
    expect((await api.get('getLastRotationDate/')).body).toEqual(res.body);
  });
});

describe('updateToyRotationNumber', () => {
  it('accepts 0 up to the toy count minus kept toys, refuses anything else and keeps the old value', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 5, (i) => ({ favorite: i === 0 ? 1 : 0 }));
    const ok = await api.put('updateToyRotationNumber', { rotationToysNumber: 4 });
    expect(ok).toMatchObject({ status: 200, body: { msg: expect.stringContaining('4 toys') } });
    expect((await api.put('updateToyRotationNumber', { rotationToysNumber: '0' })).status).toBe(200);
    for (const bad of [5, -1, 2.5, 'many', null]) {
      const res = await api.put('updateToyRotationNumber', { rotationToysNumber: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await api.get('getsettings')).body[0].rotationToysNumber).toBe(0);
  });
});

describe('settings writes are replicated changes', () => {
  it('give the settings row a higher seq each time', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 3);
    const seqOf = async () =>
      Number((await t.db.selectFrom('settings').select('seq').where('household_id', '=', asHouseholdId(userId)).executeTakeFirstOrThrow()).seq);
    let last = await seqOf();
    for (const write of [
      () => api.put('updateToyRotationNumber', { rotationToysNumber: 2 }),
      () => api.get('updateLastRotationDate'),
      () => api.get('pickRandomToys'),
    ]) {
      expect((await write()).status).toBe(200);
      const seq = await seqOf();
      expect(seq).toBeGreaterThan(last);
      last = seq;
    }
    const rotation = (await rawRows(t.deps, 'rotations', userId))[0]!;
    expect(Number(rotation.seq)).toBeGreaterThan(0);
    expect(rotation.deleted).toBe(0);
  });
});
