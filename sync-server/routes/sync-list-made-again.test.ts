import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, rawRows } from '../test-support/toys.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { toyDoc } from '../test-support/docs.js';

// A device derives a list's id from its kind and name (listIdFor), so "Blocks" deleted on one
// device and added again on another that never saw the delete arrives with the deleted id and
// no base. The server tells the two lists apart by createdAt (decision 008): a new creation
// comes back live; a replayed create (same createdAt) stays deleted.

let t: TestApp;
let user: { userId: string; token: string };
let api: ReturnType<typeof apiClient>;
beforeEach(async () => {
  t = await createTestApp();
  user = await seedUser(t.deps);
  api = apiClient(t, user.token);
});
afterEach(async () => {
  await t.close();
});

const ID = 'cat-blocks';
const blocks = (createdAt: number, fields: Record<string, unknown> = {}) => ({ id: ID, kind: 'category', name: 'Blocks', position: 1, createdAt, _deleted: false, ...fields });

async function push(collection: string, rows: unknown[]) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', rows, user.token));
  expect(res.status).toBe(200);
  return (await res.json()) as any[];
}
async function pulled(collection: string): Promise<any[]> {
  const res = await t.app.request(`/api/sync/${collection}/pull?batchSize=500`, jsonRequest('GET', undefined, user.token));
  return ((await res.json()) as { documents: any[] }).documents;
}
const stored = async (collection: string, id: string) => (await pulled(collection)).find((d) => d.id === id);
const rowOf = async (id: string) => (await rawRows(t.deps, 'lists', user.userId)).find((row) => row.id === id)!;

/** "Blocks" made at 1000 on one device, then deleted there. */
async function madeAndDeleted() {
  await push('lists', [{ newDocumentState: blocks(1000) }]);
  await push('lists', [{ assumedMasterState: blocks(1000), newDocumentState: blocks(1000, { _deleted: true }) }]);
}

describe('a list made again with the id of a deleted one', () => {
  it('is a new list when made at another time: live with its own fields, and toys can be filed under it', async () => {
    await madeAndDeleted();
    expect(await push('lists', [{ newDocumentState: blocks(2000, { position: 4 }) }])).toEqual([]);
    expect(await stored('lists', ID)).toEqual(blocks(2000, { position: 4 }));
    await push('toys', [{ newDocumentState: toyDoc('t1', { categoryId: ID }) }]);
    expect((await stored('toys', 't1')).categoryId).toBe(ID);
  });

  it('stays deleted when the push is a replay of the create (the same createdAt), or an edit of the deleted list', async () => {
    await madeAndDeleted();
    const seq = (await rowOf(ID)).seq;
    expect(await push('lists', [{ newDocumentState: blocks(1000) }])).toEqual([blocks(1000, { _deleted: true })]);
    const edit = await push('lists', [{ assumedMasterState: blocks(1000), newDocumentState: blocks(1000, { name: 'Bricks' }) }]);
    expect(edit).toEqual([blocks(1000, { _deleted: true })]);
    expect((await rowOf(ID)).seq).toBe(seq);
  });

  it('once made again, a replay of that create changes nothing, and a delete of the earlier one without a base leaves it live', async () => {
    await madeAndDeleted();
    await push('lists', [{ newDocumentState: blocks(2000) }]);
    const seq = (await rowOf(ID)).seq;
    expect(await push('lists', [{ newDocumentState: blocks(2000) }])).toEqual([]);
    // A device that still held the first "Blocks" deleted gives it back (a repair, a restored server).
    expect(await push('lists', [{ newDocumentState: blocks(1000, { _deleted: true }) }])).toEqual([blocks(2000)]);
    expect((await rowOf(ID)).seq).toBe(seq);
    // Its own delete, made on what it agreed with the server, still applies.
    await push('lists', [{ assumedMasterState: blocks(2000), newDocumentState: blocks(2000, { _deleted: true }) }]);
    expect((await stored('lists', ID))._deleted).toBe(true);
  });

  it('a list deleted through REST keeps its createdAt: a replay stays deleted, a new create comes back', async () => {
    await push('lists', [{ newDocumentState: blocks(1000) }]);
    expect((await api.put('deleteType', { typeToDelete: 'Blocks' })).status).toBe(200);
    expect(await stored('lists', ID)).toEqual(blocks(1000, { _deleted: true }));
    expect(await push('lists', [{ newDocumentState: blocks(1000) }])).toEqual([blocks(1000, { _deleted: true })]);
    expect(await push('lists', [{ newDocumentState: blocks(2000) }])).toEqual([]);
    expect((await api.get('getsettings')).body[0].toyTypes).toEqual(['Uncategorized', 'Blocks']);
  });

  it('made again after it was merged into a same-named list, it is merged into nothing: deleted later, its toys go to Uncategorized', async () => {
    const other = { id: 'other', kind: 'category', name: 'Blocks', position: 2, createdAt: 500, _deleted: false };
    await push('lists', [{ newDocumentState: other }]);
    await push('lists', [{ newDocumentState: blocks(1000) }]); // came to the name later: merged into "other"
    expect(await rowOf(ID)).toMatchObject({ deleted: 1, merged_into: 'other' });
    await push('lists', [{ assumedMasterState: other, newDocumentState: { ...other, name: 'Bricks' } }]);

    await push('lists', [{ newDocumentState: blocks(2000) }]);
    expect(await rowOf(ID)).toMatchObject({ deleted: 0, merged_into: null });
    await push('lists', [{ assumedMasterState: blocks(2000), newDocumentState: blocks(2000, { _deleted: true }) }]);
    await push('toys', [{ newDocumentState: toyDoc('t1', { categoryId: ID }) }]);
    expect((await stored('toys', 't1')).categoryId).toBe('uncategorized');
  });
});
