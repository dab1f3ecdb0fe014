import { Migrator } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { toyDoc } from '../test-support/docs.js';
import { seedUser } from '../test-support/users.js';

// Sync of the rotation practice fields (issue 14, decision 018), and the migration of existing
// data. Both databases.

let t: TestApp;
let user: { userId: string; token: string };
beforeEach(async () => {
  t = await createTestApp();
  user = await seedUser(t.deps);
});
afterEach(async () => {
  await t.close();
});

async function push(collection: string, rows: unknown) {
  const res = await t.app.request(`/api/sync/${collection}/push`, jsonRequest('POST', rows, user.token));
  return { status: res.status, body: (await res.json()) as any };
}
async function pull(collection: string) {
  const res = await t.app.request(`/api/sync/${collection}/pull`, jsonRequest('GET', undefined, user.token));
  return (await res.json()) as any;
}
const one = async (collection: string, id: string) => (await pull(collection)).documents.find((doc: { id: string }) => doc.id === id);

const fullToy = (id: string, fields: Record<string, unknown> = {}) =>
  toyDoc(id, { childIds: [], retiredReason: null, retiredNote: null, retiredAt: null, ...fields });
const rotation = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  createdAt: 5_000,
  toyIds: ['a', 'b', 'c'],
  serverOrder: null,
  childId: 'first-child',
  observations: {},
  createdBy: null,
  _deleted: false,
  ...fields,
});
const child = (name: string, fields: Record<string, unknown> = {}) => ({
  name,
  birthMonth: null,
  birthYear: null,
  rotationToysNumber: 4,
  rotationIntervalDays: null,
  lastRotationDate: null,
  createdAt: 1,
  ...fields,
});

describe('sync of the new fields', () => {
  it('toys: storage place, retiring and child assignment round-trip; childIds merge as a set', async () => {
    const base = fullToy('a', { location: 'Bin 3', childIds: ['first-child'] });
    expect((await push('toys', [{ newDocumentState: base }])).body).toEqual([]);
    const retired = { ...base, retired: true, retiredReason: 'donated', retiredNote: 'to the library', retiredAt: 9 };
    await push('toys', [{ assumedMasterState: base, newDocumentState: retired }]);
    // Another device, from the same base, assigns the toy to a second child.
    await push('toys', [{ assumedMasterState: base, newDocumentState: { ...base, childIds: ['first-child', 'kid2'] } }]);
    expect(await one('toys', 'a')).toMatchObject({ location: 'Bin 3', retired: true, retiredReason: 'donated', retiredNote: 'to the library', childIds: ['first-child', 'kid2'] });
  });

  it('rotations: two devices observing different toys both keep theirs; the same toy converges; who rotated is the server s', async () => {
    const base = rotation('r1', { createdBy: 'someone-else' });
    await push('rotations', [{ newDocumentState: base }]);
    const stored = await one('rotations', 'r1');
    expect(stored).toMatchObject({ childId: 'first-child', createdBy: user.userId, serverOrder: expect.any(Number) });
    await push('rotations', [{ assumedMasterState: stored, newDocumentState: { ...stored, observations: { a: 'lot' } } }]);
    await push('rotations', [{ assumedMasterState: stored, newDocumentState: { ...stored, observations: { b: 'none' } } }]);
    expect((await one('rotations', 'r1')).observations).toEqual({ a: 'lot', b: 'none' });
    await push('rotations', [{ assumedMasterState: stored, newDocumentState: { ...stored, observations: { a: 'little' } } }]);
    expect((await one('rotations', 'r1')).observations).toEqual({ a: 'little', b: 'none' });
    // The child of a rotation is fixed.
    const now = await one('rotations', 'r1');
    await push('rotations', [{ assumedMasterState: now, newDocumentState: { ...now, childId: 'kid2' } }]);
    expect((await one('rotations', 'r1')).childId).toBe('first-child');
  });

  it("a pushed rotation of another child stamps that child's last rotation date, not the first child's", async () => {
    const settings = await one('settings', user.userId);
    await push('settings', [{ assumedMasterState: settings, newDocumentState: { ...settings, children: { kid2: child('Max') } } }]);
    await push('rotations', [{ newDocumentState: rotation('r2', { childId: 'kid2', createdAt: 7_000 }) }]);
    const after = await one('settings', user.userId);
    expect(after.children.kid2.lastRotationDate).toBe(7_000);
    expect(after.lastRotationDate).toBeNull();
  });

  it('settings: children merge key by key and field by field; a removal holds; rotationMode and the schedule sync', async () => {
    const settings = await one('settings', user.userId);
    const withKids = { ...settings, children: { k1: child('Max'), k2: child('Zoe') } };
    await push('settings', [{ assumedMasterState: settings, newDocumentState: withKids }]);
    const base = await one('settings', user.userId);
    // Device A renames Max and sets the mode; device B (same base) gives Max an interval and removes Zoe.
    await push('settings', [{ assumedMasterState: base, newDocumentState: { ...base, rotationMode: 'balanced', children: { ...base.children, k1: { ...base.children.k1, name: 'Maxine' } } } }]);
    await push('settings', [{ assumedMasterState: base, newDocumentState: { ...base, rotationIntervalDays: 5, children: { k1: { ...base.children.k1, rotationIntervalDays: 3 } } } }]);
    const merged = await one('settings', user.userId);
    expect(merged).toMatchObject({ rotationMode: 'balanced', rotationIntervalDays: 5 });
    expect(merged.children).toEqual({ k1: child('Maxine', { rotationIntervalDays: 3 }) });
  });

  it('refuses bad new fields with a readable 400 naming the row, storing nothing', async () => {
    const settings = await one('settings', user.userId);
    const cases: [string, unknown, RegExp][] = [
      ['toys', fullToy('x', { retiredReason: 'lost' }), /row 0: retiredReason: The reason is one of/],
      ['toys', fullToy('x', { location: 'x'.repeat(201) }), /row 0: location: The storage place is 200 characters at most/],
      ['rotations', rotation('r9', { observations: { zz: 'lot' } }), /row 0: observations: Observations are only for toys out in that rotation/],
      ['rotations', rotation('r9', { observations: { a: 'loads' } }), /row 0: observations.a: An observation is lot, little or none/],
      ['settings', { ...settings, rotationIntervalDays: 40 }, /row 0: rotationIntervalDays: The rotation interval is 1 to 30 days/],
      ['settings', { ...settings, children: { k: child('') } }, /row 0: children.k.name: The child's name is required/],
      ['settings', { ...settings, children: { 'first-child': child('A') } }, /first-child is the first child's id/],
    ];
    for (const [collection, doc, message] of cases) {
      const res = await push(collection, [{ newDocumentState: doc }]);
      expect(res.status, JSON.stringify(doc).slice(0, 80)).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    expect((await pull('toys')).documents).toEqual([]);
    expect((await pull('rotations')).documents).toEqual([]);
    expect(await one('settings', user.userId)).toEqual(settings);
  });

  it('an app version from before issue 14 (without the new fields) still pushes; the defaults apply', async () => {
    expect((await push('toys', [{ newDocumentState: toyDoc('old') }])).status).toBe(200);
    expect(await one('toys', 'old')).toMatchObject({ childIds: [], retiredReason: null, retiredNote: null, retiredAt: null });
    const { childId: _c, observations: _o, createdBy: _r, ...legacy } = rotation('rl');
    expect((await push('rotations', [{ newDocumentState: legacy }])).status).toBe(200);
    expect(await one('rotations', 'rl')).toMatchObject({ childId: 'first-child', observations: {} });
  });
});

describe('migration 2026-11-24-0700 on existing data', () => {
  it('keeps existing rows and gives them the spec behaviour: one child, random picks, nothing retired or observed', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    // Back to just before 0700 (undoing the later ones too), then forward again.
    const down = await migrator.migrateTo('2026-11-24-0600-households');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({ migrationName: '2026-11-24-0700-rotation-practice', direction: 'Down', status: 'Success' });
    const legacy = t.db as unknown as import('kysely').Kysely<any>;
    await legacy.insertInto('toys').values({ user_id: user.userId, id: 'old-toy', title: 'Old', category_id: 'uncategorized', created_at: 1, last_rotated_at: null, location: null, feedback: null, media_id: null, seq: 1 }).execute();
    await legacy.insertInto('rotations').values({ user_id: user.userId, id: 'old-rot', created_at: 2, toy_ids: '["old-toy"]', seq: 2, accepted_seq: 2 }).execute();
    await legacy.updateTable('settings').set({ last_rotation_date: 2, rotation_toys_number: 3 }).where('user_id', '=', user.userId).execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await one('toys', 'old-toy')).toMatchObject({ title: 'Old', childIds: [], retired: false, retiredReason: null, location: null });
    expect(await one('rotations', 'old-rot')).toMatchObject({ toyIds: ['old-toy'], childId: 'first-child', observations: {}, createdBy: null, serverOrder: 2 });
    expect(await one('settings', user.userId)).toMatchObject({
      rotationToysNumber: 3,
      lastRotationDate: 2,
      rotationMode: 'random',
      rotationIntervalDays: null,
      firstChildName: '',
      children: {},
      reminderEmail: false,
      timeZone: null,
    });
  });
});
