import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { apiClient } from '../../test-support/toys.js';
import { toyDoc } from '../../test-support/docs.js';
import { dataUrl, makePng } from '../../test-support/test-images.js';
import { QUOTAS } from './quotas.js';
import { asHouseholdId } from '../../db/schema.js';

// Deleted rows stay for sync (up to the per-table cap), so they must stay small: a deleted
// rotation or toy keeps its tombstone, not its bulk (decision 010). A rotation pushed as
// deleted with 500 toy ids and their observations used to be stored whole (~71 KB a row).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Row = { newDocumentState: unknown; assumedMasterState?: unknown };
async function push(token: string, collection: string, rows: Row[]) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', rows, token));
  return { status: res.status, body: (await res.json()) as Array<Record<string, unknown>> };
}
async function pullAll(token: string, collection: string) {
  const res = await t.app.request(`/api/sync/${collection}/pull?batchSize=100`, jsonRequest('GET', undefined, token));
  return ((await res.json()) as { documents: Array<Record<string, unknown>> }).documents;
}

const toyIds = Array.from({ length: 500 }, (_, i) => `toy-${String(i).padStart(3, '0')}-${'x'.repeat(48)}`);
const bulkyRotation = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  createdAt: 1000,
  toyIds,
  serverOrder: null,
  childId: 'first',
  observations: Object.fromEntries(toyIds.map((toyId) => [toyId, 'lot'])),
  _deleted: false,
  ...fields,
});
const rotationRow = (userId: string, id: string) =>
  t.db.selectFrom('rotations').selectAll().where('household_id', '=', asHouseholdId(userId)).where('id', '=', id).executeTakeFirstOrThrow();
const toyRow = (userId: string, id: string) =>
  t.db.selectFrom('toys').selectAll().where('household_id', '=', asHouseholdId(userId)).where('id', '=', id).executeTakeFirstOrThrow();

describe('tombstones stay small', () => {
  it('a rotation pushed as already deleted is stored without its toy ids and observations; a replay converges on it', async () => {
    const user = await seedUser(t.deps);
    const deleted = bulkyRotation('gone-at-once', { _deleted: true });
    expect(JSON.stringify(deleted).length).toBeGreaterThan(60_000);
    expect((await push(user.token, 'rotations', [{ newDocumentState: deleted }])).status).toBe(200);
    const row = await rotationRow(user.userId, 'gone-at-once');
    expect(row).toMatchObject({ deleted: 1, toy_ids: '[]', observations: '{}' });

    // The device that pushed it learns the stored tombstone: by pull, and as a conflict on a replay.
    const pulled = (await pullAll(user.token, 'rotations')).find((doc) => doc.id === 'gone-at-once');
    expect(pulled).toMatchObject({ _deleted: true, toyIds: [], observations: {} });
    const replay = await push(user.token, 'rotations', [{ newDocumentState: deleted }]);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual([expect.objectContaining({ id: 'gone-at-once', _deleted: true, toyIds: [], observations: {} })]);
  });

  it('a rotation deleted after it was stored keeps only its tombstone', async () => {
    const user = await seedUser(t.deps);
    const live = bulkyRotation('later-deleted');
    expect((await push(user.token, 'rotations', [{ newDocumentState: live }])).status).toBe(200);
    const stored = (await pullAll(user.token, 'rotations')).find((doc) => doc.id === 'later-deleted')!;
    expect((await push(user.token, 'rotations', [{ newDocumentState: { ...stored, _deleted: true }, assumedMasterState: stored }])).status).toBe(200);
    expect(await rotationRow(user.userId, 'later-deleted')).toMatchObject({ deleted: 1, toy_ids: '[]', observations: '{}' });
  });

  it(`rotations trimmed from the rolling history (${QUOTAS.rotationHistory} kept) keep no observations`, async () => {
    const user = await seedUser(t.deps);
    const rotations = Array.from({ length: QUOTAS.rotationHistory + 1 }, (_, i) => ({
      id: `rot-${i}`, createdAt: 1000 + i, toyIds: ['a', 'b'], serverOrder: null, childId: 'first', observations: { a: 'lot', b: 'none' }, _deleted: false,
    }));
    expect((await push(user.token, 'rotations', rotations.map((newDocumentState) => ({ newDocumentState })))).status).toBe(200);
    expect(await rotationRow(user.userId, 'rot-0')).toMatchObject({ deleted: 1, toy_ids: '[]', observations: '{}' });
    expect(await rotationRow(user.userId, 'rot-1')).toMatchObject({ deleted: 0, observations: JSON.stringify({ a: 'lot', b: 'none' }) });
  });

  it('a deleted toy keeps its tombstone, not its free text and lists, through sync and REST', async () => {
    const user = await seedUser(t.deps);
    const bulky = { caption: 'c'.repeat(2000), location: 'l'.repeat(200), collectionIds: ['uncategorized'], childIds: ['first'] };
    expect((await push(user.token, 'toys', [{ newDocumentState: toyDoc('synced-gone', { ...bulky, _deleted: true }) }])).status).toBe(200);
    expect(await toyRow(user.userId, 'synced-gone')).toMatchObject({ deleted: 1, caption: '', location: null, collection_ids: '[]', child_ids: '[]' });

    const api = apiClient(t, user.token);
    const added = await api.post('addToy', { data: dataUrl(makePng(4, 4, 501), 'image/png'), title: 'Rest toy', caption: 'x'.repeat(2000) });
    const id = added.body.toy._id as string;
    expect((await api.del(`deletetoy/${id}`)).status).toBe(200);
    expect(await toyRow(user.userId, id)).toMatchObject({ deleted: 1, caption: '', location: null });
  });
});
