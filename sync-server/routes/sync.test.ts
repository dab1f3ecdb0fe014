import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_NOTICE_HEADER } from '../../shared/schemas/sync.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { toyDoc } from '../test-support/docs.js';
import { asHouseholdId } from '../db/schema.js';

let t: TestApp;
let user: { userId: string; token: string };
beforeEach(async () => {
  t = await createTestApp();
  user = await seedUser(t.deps);
});
afterEach(async () => {
  await t.close();
});

const toy = toyDoc;

async function push(collection: string, rows: unknown, token = user.token) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', rows, token));
  return { status: res.status, body: (await res.json()) as any, notice: res.headers.get(SYNC_NOTICE_HEADER) };
}
async function pull(collection: string, query = '', token = user.token) {
  const res = await t.app.request(`/api/sync/${collection}/pull?${query}`, jsonRequest('GET', undefined, token));
  return { status: res.status, body: (await res.json()) as any };
}
const seqOf = async (id: string) =>
  Number((await t.db.selectFrom('toys').select('seq').where('id', '=', id).executeTakeFirstOrThrow()).seq);

describe('GET /api/sync/:table/pull', () => {
  it('needs a session', async () => {
    expect((await pull('toys', '', 'not-a-token')).status).toBe(401);
  });

  it('answers the settings and Uncategorized of a new user, with server-owned plan limits', async () => {
    const settings = await pull('settings');
    expect(settings.body.documents).toEqual([
      expect.objectContaining({ id: user.userId, plan: 'free', toysLimit: 100, collectionsLimit: 3, _deleted: false }),
    ]);
    const lists = await pull('lists');
    expect(lists.body.documents).toEqual([expect.objectContaining({ id: 'uncategorized', name: 'Uncategorized', kind: 'category' })]);
    expect(lists.body.checkpoint).toEqual({ seq: expect.any(Number), id: 'uncategorized', epoch: expect.any(String) });
  });

  it('pages in (seq, id) order from a checkpoint, given as JSON or as two parameters', async () => {
    await push('toys', ['a', 'b', 'c'].map((id) => ({ newDocumentState: toy(id) })));
    const first = await pull('toys', 'batchSize=2');
    expect(first.body.documents.map((d: any) => d.id)).toEqual(['a', 'b']);
    const rest = await pull('toys', `batchSize=2&checkpoint=${encodeURIComponent(JSON.stringify(first.body.checkpoint))}`);
    expect(rest.body.documents.map((d: any) => d.id)).toEqual(['c']);
    const same = await pull('toys', `seq=${first.body.checkpoint.seq}&id=${first.body.checkpoint.id}`);
    expect(same.body.documents.map((d: any) => d.id)).toEqual(['c']);
    const end = await pull('toys', `checkpoint=${encodeURIComponent(JSON.stringify(rest.body.checkpoint))}`);
    expect(end.body).toEqual({ documents: [], checkpoint: rest.body.checkpoint });
  });

  it('refuses unknown collections and bad checkpoints', async () => {
    expect((await pull('users')).status).toBe(404);
    expect((await pull('toys', 'checkpoint=nope')).status).toBe(400);
    expect((await pull('toys', 'batchSize=100000')).status).toBe(400);
  });

  it("never shows another user's documents", async () => {
    const other = await seedUser(t.deps);
    await push('toys', [{ newDocumentState: toy('mine') }]);
    expect((await pull('toys', '', other.token)).body.documents).toEqual([]);
  });
});

describe('POST /api/sync/:table/push', () => {
  it('stores a new document and answers no conflicts; the same push again changes nothing', async () => {
    const rows = [{ newDocumentState: toy('a', { collectionIds: ['c1'] }) }];
    expect(await push('toys', rows)).toMatchObject({ status: 200, body: [] });
    const seq = await seqOf('a');
    const again = await push('toys', rows);
    expect(again.status).toBe(200);
    // The replay lacks what only the server writes (who made it, issue 13): it is answered, so
    // a device that has not pulled yet adopts it; the stored row does not change.
    expect(again.body).toEqual([expect.objectContaining({ id: 'a', createdBy: expect.any(String), updatedBy: expect.any(String) })]);
    expect(await seqOf('a')).toBe(seq);
    const stored = again.body[0];
    const replayOfStored = await push('toys', [{ newDocumentState: stored, assumedMasterState: stored }]);
    expect(replayOfStored.body).toEqual([]);
    expect(await seqOf('a')).toBe(seq);
  });

  it('refuses garbage with 400 and stores nothing of the batch', async () => {
    const bad = await push('toys', [{ newDocumentState: toy('ok') }, { newDocumentState: toy('bad', { title: '' }) }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/title/i);
    expect((await pull('toys')).body.documents).toEqual([]);
    expect((await push('toys', { not: 'an array' })).status).toBe(400);
    expect((await push('toys', [{ newDocumentState: toy('x', { _deleted: 'yes' }) }])).status).toBe(400);
  });

  it('merges field by field against the assumed master and stores the merged state', async () => {
    const base = toy('a', { collectionIds: ['c1'] });
    await push('toys', [{ newDocumentState: base }]);
    // Device 1 changes the caption and the title, and adds c2.
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, caption: 'wooden', title: 'Blocks 1', collectionIds: ['c1', 'c2'] } }]);
    // Device 2, still on base, changes the title and removes c1, adds c3: a conflict.
    const second = await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, title: 'Blocks 2', collectionIds: ['c3'] } }]);
    // Stored merged: acknowledged, and the device pulls the merged state on the change event.
    expect(second.body).toEqual([]);
    expect((await pull('toys')).body.documents[0]).toEqual(
      expect.objectContaining({ caption: 'wooden', title: 'Blocks 2', collectionIds: ['c2', 'c3'], _deleted: false }),
    );
  });

  it('lets a delete beat a concurrent edit, and keeps it deleted', async () => {
    const base = toy('a');
    await push('toys', [{ newDocumentState: base }]);
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, _deleted: true } }]);
    const edit = await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, title: 'Still here?' } }]);
    expect(edit.body).toEqual([expect.objectContaining({ id: 'a', _deleted: true })]);
    const created = await push('toys', [{ newDocumentState: base }]);
    expect(created.body[0]._deleted).toBe(true);
  });

  it('ignores plan and limits sent by a client, and answers the real ones', async () => {
    const settings = (await pull('settings')).body.documents[0];
    const res = await push('settings', [
      { assumedMasterState: settings, newDocumentState: { ...settings, plan: 'paid', toysLimit: 500, rotationToysNumber: 3 } },
    ]);
    expect(res.body).toEqual([]);
    const stored = (await pull('settings')).body.documents[0];
    expect(stored).toMatchObject({ plan: 'free', toysLimit: 100, rotationToysNumber: 3 });
    // Only server-owned fields changed: nothing stored, so the real ones come back at once.
    const onlyPlan = await push('settings', [{ assumedMasterState: stored, newDocumentState: { ...stored, plan: 'paid' } }]);
    expect(onlyPlan.body).toEqual([expect.objectContaining({ plan: 'free', rotationToysNumber: 3 })]);
    const wrongId = await push('settings', [{ newDocumentState: { ...settings, id: 'someone-else' } }]);
    expect(wrongId.status).toBe(400);
  });

  it('keeps Uncategorized fixed', async () => {
    const list = (await pull('lists')).body.documents[0];
    const res = await push('lists', [{ assumedMasterState: list, newDocumentState: { ...list, name: 'Misc', _deleted: true } }]);
    expect(res.body).toEqual([expect.objectContaining({ id: 'uncategorized', name: 'Uncategorized', _deleted: false })]);
  });

  it("moves a deleted category's toys to Uncategorized and drops a deleted collection from toys", async () => {
    const cat = { id: 'cat1', kind: 'category', name: 'Cars', position: 1, createdAt: 1, _deleted: false };
    const col = { id: 'col1', kind: 'collection', name: 'Bath', position: 1, createdAt: 1, _deleted: false };
    await push('lists', [{ newDocumentState: cat }, { newDocumentState: col }]);
    await push('toys', [{ newDocumentState: toy('a', { categoryId: 'cat1', collectionIds: ['col1', 'later'] }) }]);
    await push('lists', [
      { assumedMasterState: cat, newDocumentState: { ...cat, _deleted: true } },
      { assumedMasterState: col, newDocumentState: { ...col, _deleted: true } },
    ]);
    const stored = (await pull('toys')).body.documents[0];
    expect(stored).toMatchObject({ categoryId: 'uncategorized', collectionIds: ['later'] });
    // A device that did not know yet still cannot point a toy at them.
    await push('toys', [{ newDocumentState: toy('b', { categoryId: 'cat1', collectionIds: ['col1'] }) }]);
    const late = (await pull('toys')).body.documents.find((d: any) => d.id === 'b');
    expect(late).toMatchObject({ categoryId: 'uncategorized', collectionIds: [] });
  });

  // Plan limits no longer refuse pushes (decision 008): see sync-invariants.test.ts.

  it('publishes each stored push on the change feed, and nothing for a replay', async () => {
    const events: string[][] = [];
    t.deps.feed.subscribe(asHouseholdId(user.userId), (event) => events.push(event.collections));
    const rows = [{ newDocumentState: toy('a') }];
    await push('toys', rows);
    await push('toys', rows);
    expect(events).toEqual([['toys']]);
  });
});

describe('GET /api/sync/stream', () => {
  it('refuses without a session or with the token in the URL, and emits a change event', async () => {
    expect((await t.app.request('/api/sync/stream')).status).toBe(401);
    expect((await t.app.request(`/api/sync/stream?token=${user.token}`)).status).toBe(401); // URLs end up in logs
    const controller = new AbortController();
    const res = await t.app.request('/api/sync/stream', { ...jsonRequest('GET', undefined, user.token), signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(': connected');
    await push('toys', [{ newDocumentState: toy('a') }]);
    while (!text.includes('event: change')) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('data: {"collections":["toys"]}');
    await reader.cancel();
    controller.abort();
  });
});
