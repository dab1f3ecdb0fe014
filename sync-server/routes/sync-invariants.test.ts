import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FREE_COLLECTIONS_MESSAGE, TOYS_LIMIT_MESSAGE } from '../../shared/domain/plans.js';
import { dataUrl, makePng } from '../test-support/test-images.js';
import { apiClient, insertToys, rawRows } from '../test-support/toys.js';
import { isoDate } from '../services/toys/toy-mapper.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { toyDoc } from '../test-support/docs.js';
import { asHouseholdId } from '../db/schema.js';

// Domain invariants of sync (issue 9, faults 4, 7, 8, 9; decision 008), through the real
// routes: what a push or a REST call leaves on the server.

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

const toy = (id: string, fields: Record<string, unknown> = {}) => toyDoc(id, { title: `Toy ${id}`, ...fields });
const list = (id: string, kind: 'category' | 'collection', name: string, fields: Record<string, unknown> = {}) => ({
  id,
  kind,
  name,
  position: 1,
  createdAt: 1000,
  _deleted: false,
  ...fields,
});
const rotation = (id: string, createdAt: number, toyIds: string[]) => ({ id, createdAt, toyIds, serverOrder: null, _deleted: false });

async function push(collection: string, rows: unknown[]) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', rows, user.token));
  return { status: res.status, body: (await res.json()) as any[], notice: res.headers.get('x-sync-notice') };
}
async function pulled(collection: string): Promise<any[]> {
  const res = await t.app.request(`/api/sync/${collection}/pull?batchSize=500`, jsonRequest('GET', undefined, user.token));
  return ((await res.json()) as { documents: any[] }).documents;
}
const liveLists = async (kind: string) => (await pulled('lists')).filter((d) => d.kind === kind && !d._deleted);
const storedToy = async (id: string) => (await pulled('toys')).find((d) => d.id === id);

describe('fault 4: the plan limit never deletes what a device made', () => {
  it('keeps a toy pushed past the limit (made offline while the device saw room); new REST adds stay refused', async () => {
    await insertToys(t.deps, user.userId, 99);
    // Devices A and B were both offline at 99 of 100; each added one toy with a photo and notes.
    const fromA = await push('toys', [{ newDocumentState: toy('from-a', { caption: 'notes A' }) }]);
    const fromB = await push('toys', [{ newDocumentState: toy('from-b', { caption: 'notes B', mediaId: 'a'.repeat(64) }) }]);
    expect(fromA).toMatchObject({ status: 200, body: [], notice: null });
    expect(fromB).toMatchObject({ status: 200, body: [], notice: null });
    expect(await storedToy('from-b')).toMatchObject({ caption: 'notes B', mediaId: 'a'.repeat(64), _deleted: false });
    // The limit still blocks new adds.
    const more = await api.post('addToy', { data: dataUrl(makePng(2, 2, 41), 'image/png'), title: 'One more' });
    expect(more).toMatchObject({ status: 403, body: { error: TOYS_LIMIT_MESSAGE } });
    expect((await api.get('getusertoys')).body).toHaveLength(101);
  });

  it('keeps a collection pushed past the limit; REST still refuses a new one', async () => {
    await push('lists', [1, 2, 3].map((i) => ({ newDocumentState: list(`col${i}`, 'collection', `C${i}`) })));
    const fourth = await push('lists', [{ newDocumentState: list('col4', 'collection', 'C4') }]);
    expect(fourth).toMatchObject({ body: [], notice: null });
    expect((await liveLists('collection')).map((d) => d.id).sort()).toEqual(['col1', 'col2', 'col3', 'col4']);
    const refused = await api.put('updateSettings', { toysBaskets: ['C1', 'C2', 'C3', 'C4', 'C5'] });
    expect(refused).toMatchObject({ status: 403, body: { error: FREE_COLLECTIONS_MESSAGE } });
  });
});

describe('fault 7: names of categories and collections are unique per kind after sync', () => {
  it('merges the same name created on two devices with different ids into the first stored; toys follow', async () => {
    await push('lists', [{ newDocumentState: list('cars-a', 'category', 'Cars') }]);
    await push('toys', [{ newDocumentState: toy('t1', { categoryId: 'cars-a' }) }]);
    // Device B (after a delete, so a random id) adds "cars " with a toy of its own.
    await push('lists', [{ newDocumentState: list('cars-b', 'category', 'cars ') }]);
    await push('toys', [{ newDocumentState: toy('t2', { categoryId: 'cars-b' }) }]);
    expect((await liveLists('category')).map((d) => [d.id, d.name])).toEqual([
      ['uncategorized', 'Uncategorized'],
      ['cars-a', 'Cars'],
    ]);
    expect((await storedToy('t1')).categoryId).toBe('cars-a');
    expect((await storedToy('t2')).categoryId).toBe('cars-a');
    const rows = await rawRows(t.deps, 'lists', user.userId);
    expect(rows.find((r) => r.id === 'cars-b')).toMatchObject({ deleted: 1, merged_into: 'cars-a' });
  });

  it('a rename onto an existing name merges the renamed list into it, moving its toys', async () => {
    const trucks = list('trucks', 'category', 'Trucks');
    await push('lists', [{ newDocumentState: list('cars', 'category', 'Cars') }, { newDocumentState: trucks }]);
    await push('toys', [{ newDocumentState: toy('t1', { categoryId: 'trucks' }) }]);
    const renamed = await push('lists', [{ assumedMasterState: trucks, newDocumentState: { ...trucks, name: 'CARS' } }]);
    expect(renamed.body).toEqual([]);
    expect((await liveLists('category')).map((d) => d.id)).toEqual(['uncategorized', 'cars']);
    expect((await storedToy('t1')).categoryId).toBe('cars');
    // A device that had not seen the merge files a toy under the old id: it lands in the survivor.
    await push('toys', [{ newDocumentState: toy('t2', { categoryId: 'trucks' }) }]);
    expect((await storedToy('t2')).categoryId).toBe('cars');
  });

  it('two collections renamed to one name become one; toys keep their membership, once', async () => {
    const a = list('col-a', 'collection', 'Bath');
    const b = list('col-b', 'collection', 'Garden');
    await push('lists', [{ newDocumentState: a }, { newDocumentState: b }]);
    await push('toys', [
      { newDocumentState: toy('t1', { collectionIds: ['col-a', 'col-b'] }) },
      { newDocumentState: toy('t2', { collectionIds: ['col-b'] }) },
    ]);
    await push('lists', [{ assumedMasterState: a, newDocumentState: { ...a, name: 'Outside' } }]);
    await push('lists', [{ assumedMasterState: b, newDocumentState: { ...b, name: 'outside' } }]);
    expect((await liveLists('collection')).map((d) => [d.id, d.name])).toEqual([['col-a', 'Outside']]);
    expect((await storedToy('t1')).collectionIds).toEqual(['col-a']);
    expect((await storedToy('t2')).collectionIds).toEqual(['col-a']);
    await push('toys', [{ newDocumentState: toy('t3', { collectionIds: ['col-b', 'col-a'] }) }]);
    expect((await storedToy('t3')).collectionIds).toEqual(['col-a']);
  });

  it("a merged collection's survivor takes its place in a toy's collections (REST shows them in that order)", async () => {
    const lists = [list('col-a', 'collection', 'Bath'), list('col-b', 'collection', 'Garden'), list('col-c', 'collection', 'Shelf')];
    await push('lists', lists.map((doc) => ({ newDocumentState: doc })));
    await push('toys', [{ newDocumentState: toy('t1', { collectionIds: ['col-a', 'col-b', 'col-c'] }) }]);
    // The middle one is renamed onto another's name: it is merged away into the list that had the name.
    const d = list('col-d', 'collection', 'Attic');
    await push('lists', [{ newDocumentState: d }]);
    await push('lists', [{ assumedMasterState: lists[1], newDocumentState: { ...lists[1], name: 'attic' } }]);
    expect((await storedToy('t1')).collectionIds).toEqual(['col-a', 'col-d', 'col-c']);
    const [restToy] = (await (await t.app.request('/api/private/getusertoys', jsonRequest('GET', undefined, user.token))).json()) as { basket: string[] }[];
    expect(restToy!.basket).toEqual(['Bath', 'Attic', 'Shelf']);
  });

  it('a category named like Uncategorized merges into Uncategorized', async () => {
    await push('lists', [{ newDocumentState: list('odd', 'category', 'uncategorized') }]);
    expect((await liveLists('category')).map((d) => d.id)).toEqual(['uncategorized']);
  });

  it('an add through REST racing a sync rename ends with one list, whichever came first', async () => {
    const toys = list('toys-list', 'category', 'Toys');
    await push('lists', [{ newDocumentState: toys }]);
    expect((await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Toys', 'Blocks'] })).status).toBe(200);
    // The device renamed "Toys" to "Blocks" offline, before it saw the REST add.
    await push('lists', [{ assumedMasterState: toys, newDocumentState: { ...toys, name: 'Blocks' } }]);
    const names = (await liveLists('category')).map((d) => d.name.toLowerCase());
    expect(names.filter((n) => n === 'blocks')).toHaveLength(1);
    expect((await api.get('getsettings')).body[0].toyTypes.filter((n: string) => n.toLowerCase() === 'blocks')).toHaveLength(1);
  });

  it('a REST write heals duplicates however they arose', async () => {
    await push('lists', [{ newDocumentState: list('x1', 'collection', 'Bath') }]);
    // Two rows with one name, as a concurrent writer on another server instance could leave.
    await t.db.insertInto('lists').values({ household_id: asHouseholdId(user.userId), id: 'x2', kind: 'collection', name: 'BATH', position: 2, created_at: 1, seq: 999_999 }).execute();
    await push('toys', [{ newDocumentState: toy('t1', { collectionIds: ['x2'] }) }]);
    // The caller sees one "Bath" (the names are the same) and keeps it: the toy's membership stays.
    expect((await api.put('updateSettings', { toysBaskets: ['Bath'] })).status).toBe(200);
    expect((await liveLists('collection')).map((d) => d.id)).toEqual(['x1']);
    expect((await storedToy('t1')).collectionIds).toEqual(['x1']);
  });
});

describe('fault 8: a toy is never both kept and excluded', () => {
  it('REST: keeping an excluded toy un-excludes it, excluding a kept toy un-keeps it', async () => {
    const [id] = await insertToys(t.deps, user.userId, 1, { excluded: 1 });
    const kept = await api.put(`updateFavoriteToyProporty/${id}`, { favoriteToy: true });
    expect(kept.status).toBe(200);
    expect(await storedToy(id!)).toMatchObject({ favorite: true, excluded: false });
    await api.put(`updateExcludedToy/${id}`, { excludedToy: true });
    expect(await storedToy(id!)).toMatchObject({ favorite: false, excluded: true });
  });

  it('sync: concurrent toggles on two devices end with the flag the later push switched on', async () => {
    const base = toy('t1');
    await push('toys', [{ newDocumentState: base }]);
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, excluded: true } }]); // device A
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, favorite: true } }]); // device B, later
    expect(await storedToy('t1')).toMatchObject({ favorite: true, excluded: false });
    const now = await storedToy('t1');
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, excluded: true, title: 'late A' } }]);
    expect(await storedToy('t1')).toMatchObject({ favorite: false, excluded: true, title: 'late A' });
    expect(now).toBeDefined();
  });

  it('sync and REST: a push made on a kept toy cannot leave it excluded too', async () => {
    const base = toy('t1');
    await push('toys', [{ newDocumentState: base }]);
    await api.put('updateFavoriteToyProporty/t1', { favoriteToy: true });
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, excluded: true } }]);
    expect(await storedToy('t1')).toMatchObject({ favorite: false, excluded: true });
  });
});

describe('fault 9: the current rotation is the last one the server accepted', () => {
  it('a rotation made later on a device whose clock is behind is the current one everywhere', async () => {
    const ids = await insertToys(t.deps, user.userId, 4);
    const hour = 3_600_000;
    await push('rotations', [{ newDocumentState: rotation('r-a', 10 * hour, [ids[0]!, ids[1]!]) }]); // device A, right clock
    await push('rotations', [{ newDocumentState: rotation('r-b', 9 * hour, [ids[2]!, ids[3]!]) }]); // device B, 1 h behind, later
    expect((await api.get('getuserrandomtoys')).body.map((row: any) => row._id)).toEqual([ids[2], ids[3]]);
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: isoDate(9 * hour) }]);
    const docs = await pulled('rotations');
    const order = (id: string) => docs.find((d) => d.id === id).serverOrder;
    expect(order('r-b')).toBeGreaterThan(order('r-a'));
    // A device cannot choose its rotation's place: serverOrder is the server's.
    const stored = docs.find((d) => d.id === 'r-a');
    await push('rotations', [{ assumedMasterState: stored, newDocumentState: { ...stored, serverOrder: 10 ** 9 } }]);
    expect((await api.get('getuserrandomtoys')).body.map((row: any) => row._id)).toEqual([ids[2], ids[3]]);
  });

  it("a settings push naming an older rotation's date keeps the current one's; another date (REST's, a rotation on its way) is taken", async () => {
    const ids = await insertToys(t.deps, user.userId, 2);
    const hour = 3_600_000;
    const base = (await pulled('settings'))[0]; // what the device that makes r-1 last agreed on
    await push('rotations', [{ newDocumentState: rotation('r-1', 10 * hour, [ids[0]!]) }]);
    await push('rotations', [{ newDocumentState: rotation('r-2', 9 * hour, [ids[1]!]) }]); // later, on a clock behind
    // The device that made r-1 sends its settings only now, with r-1's date over its old base.
    const late = await push('settings', [{ assumedMasterState: base, newDocumentState: { ...base, lastRotationDate: 10 * hour, rotationMode: 'balanced' } }]);
    expect(late.status).toBe(200);
    expect((await pulled('settings'))[0]).toMatchObject({ lastRotationDate: 9 * hour, rotationMode: 'balanced' });
    expect((await api.get('getLastRotationDate')).body).toEqual([{ lastRotationDate: isoDate(9 * hour) }]);

    const now = (await pulled('settings'))[0];
    await push('settings', [{ assumedMasterState: now, newDocumentState: { ...now, lastRotationDate: 11 * hour } }]); // names no stored rotation
    expect((await pulled('settings'))[0].lastRotationDate).toBe(11 * hour);
  });

  it('a REST rotation after a synced one is current, and a client without serverOrder can still push', async () => {
    const ids = await insertToys(t.deps, user.userId, 3);
    t.advance(-5 * 3_600_000); // the server's own clock went back: order still follows acceptance
    const { serverOrder: _drop, ...legacy } = rotation('r-old-client', Date.now() + 10 ** 7, [ids[0]!]);
    expect((await push('rotations', [{ newDocumentState: legacy }])).status).toBe(200);
    await api.put('updateToyRotationNumber', { rotationToysNumber: 2 }); // two toys: never the same picks as the one-toy rotation
    await api.get('pickRandomToys');
    const current = (await api.get('getuserrandomtoys')).body;
    const restRotation = (await rawRows(t.deps, 'rotations', user.userId)).find((r) => r.id !== 'r-old-client')!;
    expect(current.map((row: any) => row._id)).toEqual(JSON.parse(restRotation.toy_ids));
  });
});
