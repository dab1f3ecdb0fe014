import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toyListVersion } from '../services/toys/toy-list-version.js';
import { toyDoc } from '../test-support/docs.js';
import { family, join, person, type Person } from '../test-support/households.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { insertToys, rawRows } from '../test-support/toys.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 16: getusertoys keeps each household's answer until its change clock moves. Every way
// the toys or their lists change must show in the next answer (runs on both databases: the
// postgres project runs this file too).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type RestToy = { _id: string; title: string; type: string; basket: string[] };
const list = async (who: Person): Promise<RestToy[]> => {
  const res = await who.api.get('getusertoys');
  expect(res.status).toBe(200);
  return res.body as RestToy[];
};
const titleOf = async (who: Person, id: string) => (await list(who)).find((toy) => toy._id === id)?.title;

async function push(who: Person, collection: 'toys' | 'lists', rows: unknown[]) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', rows, who.token));
  expect(res.status).toBe(200);
}

describe('getusertoys after changes', () => {
  it('shows a REST edit, a soft delete and a new toy', async () => {
    const ada = await person(t, { plan: 'paid' });
    const [first, second] = await insertToys(t.deps, ada.userId, 2);
    expect(await titleOf(ada, first!)).toBe('Toy 1');
    expect((await ada.api.put(`updatetoy/${first}`, { title: 'Red ball' })).status).toBe(200);
    expect(await titleOf(ada, first!)).toBe('Red ball');
    expect((await ada.api.del(`deletetoy/${second}`)).status).toBe(200);
    expect((await list(ada)).map((toy) => toy._id)).toEqual([first]);
    await insertToys(t.deps, ada.userId, 1, { title: 'Kite' });
    expect((await list(ada)).map((toy) => toy.title)).toContain('Kite');
  });

  it('shows a toy pushed by sync, and a sync edit of it', async () => {
    const ada = await person(t, { plan: 'paid' });
    expect(await list(ada)).toEqual([]);
    await push(ada, 'toys', [{ newDocumentState: toyDoc('synced', { title: 'Train' }) }]);
    expect(await titleOf(ada, 'synced')).toBe('Train');
    const stored = toyDoc('synced', { title: 'Train' });
    await push(ada, 'toys', [{ assumedMasterState: stored, newDocumentState: { ...stored, title: 'Train set' } }]);
    expect(await titleOf(ada, 'synced')).toBe('Train set');
  });

  it('shows a renamed category and collection (the answer names them), by REST and by sync', async () => {
    const ada = await person(t, { plan: 'paid' });
    await ada.api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks'] });
    await ada.api.put('updateSettings', { toysBaskets: ['Bedroom'] });
    const lists = await rawRows(t.deps, 'lists', ada.userId);
    const blocks = lists.find((row) => row.name === 'Blocks')!;
    const bedroom = lists.find((row) => row.name === 'Bedroom')!;
    const [toy] = await insertToys(t.deps, ada.userId, 1, { category_id: blocks.id, collection_ids: JSON.stringify([bedroom.id]) });
    expect((await list(ada))[0]).toMatchObject({ _id: toy, type: 'Blocks', basket: ['Bedroom'] });

    expect((await ada.api.put('updateTypeName', { newTypeName: 'Lego', index: 1, toyTypes: ['Uncategorized', 'Blocks'] })).status).toBe(200);
    expect((await list(ada))[0]).toMatchObject({ type: 'Lego' });
    expect((await ada.api.put('updateBasketName', { toysBaskets: ['Playroom'] })).status).toBe(200);
    expect((await list(ada))[0]).toMatchObject({ basket: ['Playroom'] });

    const doc = { id: blocks.id, kind: 'category', name: 'Lego', position: Number(blocks.position), createdAt: Number(blocks.created_at), _deleted: false };
    await push(ada, 'lists', [{ assumedMasterState: doc, newDocumentState: { ...doc, name: 'Duplo' } }]);
    expect((await list(ada))[0]).toMatchObject({ type: 'Duplo' });
  });

  it("shows one member's change to the other member of the household", async () => {
    const { owner, member } = await family(t, { ownerPlan: 'paid' });
    const [toy] = await insertToys(t.deps, owner.userId, 1);
    expect(await titleOf(member, toy!)).toBe('Toy 1');
    await owner.api.put(`updatetoy/${toy}`, { title: 'Shared blocks' });
    expect(await titleOf(member, toy!)).toBe('Shared blocks');
  });

  it('shows the toys a joining person brings along, to both of them', async () => {
    const ada = await person(t, { username: 'Ada', plan: 'paid' });
    const grace = await person(t, { username: 'Grace' });
    await insertToys(t.deps, ada.userId, 1, { title: "Ada's car" });
    await insertToys(t.deps, grace.userId, 1, { title: "Grace's doll" });
    expect((await list(ada)).map((toy) => toy.title)).toEqual(["Ada's car"]);
    expect((await list(grace)).map((toy) => toy.title)).toEqual(["Grace's doll"]);
    await join(ada, grace, true);
    for (const who of [ada, grace]) expect((await list(who)).map((toy) => toy.title).sort()).toEqual(["Ada's car", "Grace's doll"]);
  });
});

describe('getusertoys on the wire', () => {
  it('answers 304 to the ETag it gave until something changes', async () => {
    const ada = await person(t, { plan: 'paid' });
    const [toy] = await insertToys(t.deps, ada.userId, 3);
    const headers = { authorization: `Bearer ${ada.token}` };
    const first = await t.app.request('/api/private/getusertoys', { headers });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await t.app.request('/api/private/getusertoys', { headers: { ...headers, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    await ada.api.put(`updatetoy/${toy}`, { title: 'Changed' });
    const changed = await t.app.request('/api/private/getusertoys', { headers: { ...headers, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as RestToy[]).find((row) => row._id === toy)?.title).toBe('Changed');
  });

  it('sends the same list compressed (brotli or gzip) as plain, with the security headers', async () => {
    const ada = await person(t, { plan: 'paid' });
    await insertToys(t.deps, ada.userId, 20);
    const plain = await list(ada);
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await t.app.request('/api/private/getusertoys', { headers: { authorization: `Bearer ${ada.token}`, 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const raw = Buffer.from(await res.arrayBuffer());
      expect(JSON.parse((encoding === 'br' ? zlib.brotliDecompressSync(raw) : zlib.gunzipSync(raw)).toString())).toEqual(plain);
    }
  });
});

describe('toyListVersion', () => {
  it("moves with a soft delete, and goes to none when the household's rows are hard-deleted (as a join moves them)", async () => {
    const ada = await person(t);
    const [a] = await insertToys(t.deps, ada.userId, 2);
    const before = await toyListVersion(t.deps.db, asHouseholdId(ada.userId));
    expect((await ada.api.del(`deletetoy/${a}`)).status).toBe(200);
    const softDeleted = await toyListVersion(t.deps.db, asHouseholdId(ada.userId));
    expect(softDeleted).not.toBe(before);
    await t.deps.db.deleteFrom('toys').where('household_id', '=', asHouseholdId(ada.userId)).execute();
    await t.deps.db.deleteFrom('lists').where('household_id', '=', asHouseholdId(ada.userId)).execute();
    expect(await toyListVersion(t.deps.db, asHouseholdId(ada.userId))).toBe('-.-');
  });
});
