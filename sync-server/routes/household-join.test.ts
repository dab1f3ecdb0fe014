import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_CHILD_ID, rotationDocSchema, settingsDocSchema, toyDocSchema, type Child } from '../../shared/schemas/docs.js';
import { HOUSEHOLD_MESSAGES } from '../../shared/schemas/household.js';
import { TOO_MANY_ATTEMPTS } from '../services/rate-limit.js';
import { inviteCode, join, person, type Person } from '../test-support/households.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13, joining: invites of a household left without members die with it, a household
// someone is in is never dropped, "bring my toys" brings the children too (decision 016), the
// old household's practice rows go, and joins are rate limited.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const child = (name: string, fields: Partial<Child> = {}): Child => ({
  name, birthMonth: null, birthYear: null, rotationToysNumber: 3, rotationIntervalDays: null, lastRotationDate: null, createdAt: 1, ...fields,
});
const toy = (id: string, fields: Record<string, unknown> = {}) => ({
  id, title: id, categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false, favorite: false,
  createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null, childIds: [], retiredReason: null,
  retiredNote: null, retiredAt: null, ...fields,
});
const rotation = (id: string, childId: string, toyIds: string[], observations: Record<string, string> = {}) => ({
  id, createdAt: 5, toyIds, serverOrder: null, childId, observations,
});

async function push(who: Person, collection: string, docs: unknown[]) {
  const res = await who.api.post(`/api/sync/${collection}/push`, docs.map((doc) => ({ newDocumentState: doc })));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function pulled(who: Person, collection: 'settings' | 'toys' | 'rotations') {
  return (await who.api.get(`/api/sync/${collection}/pull`)).body.documents as Record<string, unknown>[];
}

/** Changes the household's settings document (its children, the first child's name...). */
async function setSettings(who: Person, fields: Record<string, unknown>) {
  const [base] = await pulled(who, 'settings');
  const res = await who.api.post('/api/sync/settings/push', [{ newDocumentState: { ...base, ...fields }, assumedMasterState: base }]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('invites of a household left without members', () => {
  for (const bringMyToys of [true, false]) {
    it(`die when its last member joins another household (${bringMyToys ? 'bringing' : 'leaving'} their toys): a stale code is a 404`, async () => {
      const ada = await person(t, { username: 'Ada' });
      const grace = await person(t, { username: 'Grace' });
      const stale = await inviteCode(grace);
      await push(grace, 'toys', [toy('graces-kite')]);
      await join(ada, grace, bringMyToys);

      const third = await person(t);
      const res = await third.api.post('/api/household/join', { code: stale, bringMyToys: false });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: HOUSEHOLD_MESSAGES.inviteInvalid });
      const theirs = await third.api.get('/api/household');
      expect(theirs.body).toMatchObject({ id: third.userId, role: 'owner' });
      // Grace's things stay where the join put them, unseen by anyone else.
      expect((await third.api.get('getusertoys')).body).toEqual([]);
      const open = await t.db.selectFrom('invites').select('code_hash').where('household_id', '=', asHouseholdId(grace.userId)).where('revoked_at', 'is', null).execute();
      expect(open).toEqual([]);
    });
  }

  it('a code of a kept household is refused even if it was never revoked', async () => {
    const ada = await person(t);
    const grace = await person(t);
    const stale = await inviteCode(grace);
    await join(ada, grace, false);
    await t.db.updateTable('invites').set({ revoked_at: null }).where('household_id', '=', asHouseholdId(grace.userId)).execute();
    const third = await person(t);
    expect((await third.api.post('/api/household/join', { code: stale, bringMyToys: false })).status).toBe(404);
  });

  it('a kept household someone is in is never dropped with the account it was kept for', async () => {
    // The state an invite from before this rule could make: someone joined a kept household.
    const ada = await person(t);
    const grace = await person(t);
    await push(grace, 'toys', [toy('left-behind')]);
    await join(ada, grace, false);
    const third = await person(t);
    await t.db.updateTable('memberships').set({ household_id: asHouseholdId(grace.userId), role: 'member' }).where('user_id', '=', third.userId).execute();
    await t.db.updateTable('sessions').set({ household_id: asHouseholdId(grace.userId) }).where('user_id', '=', third.userId).execute();

    expect((await grace.api.post('deleteUser')).status).toBe(200);
    const theirs = await third.api.get('/api/household');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ id: grace.userId, role: 'owner' });
    expect((await pulled(third, 'toys')).map((doc) => doc.id)).toEqual(['left-behind']);
    const row = await t.db.selectFrom('households').select('kept_for').where('id', '=', asHouseholdId(grace.userId)).executeTakeFirstOrThrow();
    expect(row.kept_for).toBeNull();
  });
});

describe('bringing the toys brings the children', () => {
  it('same-named children become one, an unnamed first child is the family\'s first; toys and rotations follow', async () => {
    const ada = await person(t, { username: 'Ada' });
    const grace = await person(t, { username: 'Grace' });
    await setSettings(ada, { firstChildName: 'Mia', children: { 'ada-leo': child('Leo', { rotationToysNumber: 4 }) } });
    await setSettings(grace, {
      firstChildName: '',
      firstChildBirthYear: 2022,
      children: { 'grace-leo': child('leo ', { birthMonth: 5 }), 'grace-sam': child('Sam', { rotationToysNumber: 6, createdAt: 9 }) },
    });
    await push(grace, 'toys', [
      toy('for-first', { childIds: [FIRST_CHILD_ID] }),
      toy('for-leo', { childIds: ['grace-leo'] }),
      toy('for-sam', { childIds: ['grace-sam', 'gone-child'] }),
    ]);
    await push(grace, 'rotations', [rotation('rot-sam', 'grace-sam', ['for-sam'], { 'for-sam': 'lot' }), rotation('rot-first', FIRST_CHILD_ID, ['for-first'])]);

    await join(ada, grace, true);

    const settings = settingsDocSchema.parse(Object.fromEntries(Object.entries((await pulled(ada, 'settings'))[0]!).filter(([k]) => k !== '_deleted')));
    expect(settings).toMatchObject({ firstChildName: 'Mia', firstChildBirthYear: 2022 });
    expect(Object.keys(settings.children).sort()).toEqual(['ada-leo', 'grace-sam']);
    expect(settings.children['ada-leo']).toMatchObject({ name: 'Leo', rotationToysNumber: 4, birthMonth: 5 });
    expect(settings.children['grace-sam']).toMatchObject({ name: 'Sam', rotationToysNumber: 6 });

    const toys = new Map((await pulled(ada, 'toys')).map((doc) => [doc.id, doc]));
    expect(toys.get('for-first')?.childIds).toEqual([FIRST_CHILD_ID]);
    expect(toys.get('for-leo')?.childIds).toEqual(['ada-leo']);
    expect(toys.get('for-sam')?.childIds).toEqual(['grace-sam']);
    const rotations = new Map((await pulled(ada, 'rotations')).map((doc) => [doc.id, doc]));
    expect(rotations.get('rot-sam')).toMatchObject({ childId: 'grace-sam', observations: { 'for-sam': 'lot' } });
    expect(rotations.get('rot-first')?.childId).toBe(FIRST_CHILD_ID);
    // Every child a toy or rotation names exists.
    const known = new Set([FIRST_CHILD_ID, ...Object.keys(settings.children)]);
    for (const doc of toys.values()) for (const id of doc.childIds as string[]) expect(known).toContain(id);
    for (const doc of rotations.values()) expect(known).toContain(doc.childId);
  });

  it('two named first children are two children: the joiner\'s is added with its own rotation settings', async () => {
    const ada = await person(t);
    const grace = await person(t);
    await setSettings(ada, { firstChildName: 'Mia' });
    await setSettings(grace, { firstChildName: 'Noah', rotationToysNumber: 7, lastRotationDate: 1000 });
    await push(grace, 'toys', [toy('noahs', { childIds: [FIRST_CHILD_ID] })]);
    await push(grace, 'rotations', [rotation('noahs-rotation', FIRST_CHILD_ID, ['noahs'])]);
    const { lastRotationDate } = (await pulled(grace, 'settings'))[0] as { lastRotationDate: number };
    await join(ada, grace, true);

    const settings = (await pulled(ada, 'settings'))[0] as { firstChildName: string; children: Record<string, Child> };
    expect(settings.firstChildName).toBe('Mia');
    const [noahId, noah] = Object.entries(settings.children).find(([, c]) => c.name === 'Noah') ?? [];
    expect(noah).toMatchObject({ rotationToysNumber: 7, lastRotationDate });
    expect(noahId).not.toBe(FIRST_CHILD_ID);
    expect((await pulled(ada, 'toys')).find((doc) => doc.id === 'noahs')?.childIds).toEqual([noahId]);
    expect((await pulled(ada, 'rotations')).find((doc) => doc.id === 'noahs-rotation')?.childId).toBe(noahId);
  });

  it('more children than a family may have: 403 saying so, nothing moves and the invite is not spent', async () => {
    const ada = await person(t);
    const grace = await person(t);
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`kid-${i}`, child(`Kid ${i}`)]));
    await setSettings(ada, { firstChildName: 'Mia', children: many });
    await setSettings(grace, { firstChildName: 'Zed' });
    await push(grace, 'toys', [toy('zeds')]);
    const code = await inviteCode(ada);
    const res = await grace.api.post('/api/household/join', { code, bringMyToys: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/13 children, more than the 12 .*Nothing was moved/);
    expect((await grace.api.get('/api/household')).body.id).toBe(grace.userId);
    expect((await pulled(grace, 'toys')).map((doc) => doc.id)).toEqual(['zeds']);
    expect((await grace.api.post('/api/household/join', { code, bringMyToys: false })).status).toBe(200);
  });
});

describe('bringing the toys: the one write path', () => {
  it('keeps who made each toy and rotation; an id the household already uses is renewed with its references', async () => {
    const ada = await person(t, { username: 'Ada' });
    const grace = await person(t, { username: 'Grace' });
    await push(ada, 'toys', [toy('same-id', { title: 'Ada\'s' })]);
    await push(grace, 'toys', [toy('same-id', { title: 'Grace\'s' })]);
    await push(grace, 'rotations', [rotation('graces-rotation', FIRST_CHILD_ID, ['same-id'], { 'same-id': 'little' })]);
    await join(ada, grace, true);

    const toys = await pulled(ada, 'toys');
    const moved = toys.find((doc) => doc.title === 'Grace\'s')!;
    expect(moved.id).not.toBe('same-id');
    expect(moved).toMatchObject({ createdBy: grace.userId, updatedBy: grace.userId });
    for (const doc of toys) expect(toyDocSchema.safeParse(doc).success).toBe(true);
    const moved2 = (await pulled(ada, 'rotations')).find((doc) => doc.id === 'graces-rotation')!;
    expect(rotationDocSchema.safeParse(moved2).success).toBe(true);
    expect(moved2).toMatchObject({ toyIds: [moved.id], observations: { [moved.id as string]: 'little' }, createdBy: grace.userId });
  });

  it("the old household's calendar feed and reminder rows go with its data", async () => {
    const ada = await person(t);
    const grace = await person(t);
    await t.db.insertInto('calendar_feeds').values({ owner_id: asHouseholdId(grace.userId), secret_hash: `feed-${grace.userId}`, created_at: 1 }).execute();
    await t.db.insertInto('rotation_reminders').values({ owner_id: asHouseholdId(grace.userId), due_date: '2026-01-01', sent_at: 1 }).execute();
    await join(ada, grace, true);
    expect(await t.db.selectFrom('calendar_feeds').select('owner_id').where('owner_id', '=', asHouseholdId(grace.userId)).execute()).toEqual([]);
    expect(await t.db.selectFrom('rotation_reminders').select('owner_id').where('owner_id', '=', asHouseholdId(grace.userId)).execute()).toEqual([]);
  });
});

describe('what an invite leads to (the join page)', () => {
  it("names the family and who invited, signed out too; a used or unknown invite is the same 404 as joining", async () => {
    const ada = await person(t, { username: 'Ada' });
    const renamed = await t.app.request('/api/household', { method: 'PATCH', headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'The Lovelaces' }) });
    expect(renamed.status).toBe(200);
    const code = await inviteCode(ada);
    const signedOut = await t.app.request(`/api/household/join/${code}`);
    expect(signedOut.status).toBe(200);
    expect(await signedOut.json()).toEqual({ householdName: 'The Lovelaces', invitedBy: 'Ada', expiresAt: expect.any(Number) });

    const grace = await person(t, { username: 'Grace' });
    expect((await grace.api.get(`/api/household/join/${code}`)).body).toMatchObject({ householdName: 'The Lovelaces', invitedBy: 'Ada' });
    await grace.api.post('/api/household/join', { code, bringMyToys: false });
    const used = await t.app.request(`/api/household/join/${code}`);
    expect(used.status).toBe(404);
    expect(await used.json()).toEqual({ error: HOUSEHOLD_MESSAGES.inviteInvalid });
    expect((await t.app.request('/api/household/join/not-a-code')).status).toBe(404);
  });
});

describe('rate limit', () => {
  it('past 10 joins per account in 15 minutes: 429 {error} with Retry-After, and the join does not happen', async () => {
    const ada = await person(t);
    const guesser = await person(t);
    for (let i = 0; i < 10; i++) {
      const miss = await guesser.api.post('/api/household/join', { code: `${'A'.repeat(42)}${i}`, bringMyToys: false });
      expect(miss.status).toBe(404);
    }
    const limited = await guesser.api.post('/api/household/join', { code: await inviteCode(ada), bringMyToys: false });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: TOO_MANY_ATTEMPTS });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await guesser.api.get('/api/household')).body.id).toBe(guesser.userId);
    expect((await ada.api.get('/api/household')).body.members).toHaveLength(1);
  });
});
