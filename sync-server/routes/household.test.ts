import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_LEFT, HOUSEHOLD_MESSAGES, householdSchema } from '../../shared/schemas/household.js';
import { hashToken } from '../lib/tokens.js';
import { INVITE_TTL_MS } from '../services/household/invites.js';
import { family, inviteCode, join, person } from '../test-support/households.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { dataUrl, makePng } from '../test-support/test-images.js';
import { apiClient, insertToys } from '../test-support/toys.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13: /api/household and the rules behind it (docs/decisions/016-households.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://toys.example.com' });
});
afterAll(() => t.close());

const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();

describe('a household of one', () => {
  it('every account owns one, with its own id: the settings document id and the data scope', async () => {
    const ada = await person(t, { username: 'Ada' });
    const res = await ada.api.get('/api/household');
    expect(res.status).toBe(200);
    expect(householdSchema.parse(res.body)).toEqual({
      id: ada.userId,
      name: "Ada's family",
      role: 'owner',
      members: [{ userId: ada.userId, username: 'Ada', role: 'owner', joinedAt: expect.any(Number) }],
    });
    const settings = await ada.api.get('/api/sync/settings/pull');
    expect(settings.body.documents[0].id).toBe(ada.userId);
    const me = await ada.api.get('/api/auth/me');
    expect(me.body).toMatchObject({ householdId: ada.userId, sessionHouseholdId: ada.userId });
    // Never an email in the member list.
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it('PATCH renames it; a bad name is a 400 that changes nothing', async () => {
    const ada = await person(t);
    const call = (body: unknown) => t.app.request('/api/household', { method: 'PATCH', headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const renamed = await call({ name: '  The Lovelaces ' });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).name).toBe('The Lovelaces');
    const bad = await call({ name: '' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.any(String) });
    expect((await ada.api.get('/api/household')).body.name).toBe('The Lovelaces');
  });

  it('needs a session', async () => {
    expect((await apiClient(t).get('/api/household')).status).toBe(401);
  });
});

describe('invites', () => {
  it('a code of at least 128 random bits, a link to APP_URL/join/{code}, 7 days; only its hash is stored', async () => {
    const ada = await person(t);
    const before = t.deps.now();
    const res = await ada.api.post('/api/household/invites', {});
    expect(res.status).toBe(200);
    const { code, url, expiresAt } = res.body;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
    expect(url).toBe(`https://toys.example.com/join/${code}`);
    expect(expiresAt).toBeGreaterThanOrEqual(before + INVITE_TTL_MS);
    expect(expiresAt).toBeLessThanOrEqual(t.deps.now() + INVITE_TTL_MS);
    const stored = await t.db.selectFrom('invites').selectAll().where('household_id', '=', asHouseholdId(ada.userId)).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).toBe(hashToken(code));
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('by email: sent through the mailer with the link', async () => {
    const ada = await person(t, { username: 'Ada' });
    const res = await ada.api.post('/api/household/invites', { email: 'Grandpa@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body.emailed).toBe(true);
    const mail = t.sent.find((m) => m.to === 'grandpa@example.com');
    expect(mail?.subject).toContain('Ada');
    expect(mail?.text).toContain(res.body.url);
    const bad = await ada.api.post('/api/household/invites', { email: 'not an email' });
    expect(bad.status).toBe(400);
  });

  it('are listed (without codes) and revoked by code or listed id; a revoked code is a 404', async () => {
    const ada = await person(t);
    const first = await inviteCode(ada);
    const second = await inviteCode(ada, 'nanny@example.com');
    const listed = await ada.api.get('/api/household/invites');
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(2);
    expect(JSON.stringify(listed.body)).not.toContain(first);
    expect(listed.body.find((i: { email: string | null }) => i.email === 'nanny@example.com')).toBeTruthy();

    expect((await ada.api.del(`/api/household/invites/${first}`)).status).toBe(200);
    const byId = listed.body.find((i: { email: string | null }) => i.email === 'nanny@example.com').id;
    expect((await ada.api.del(`/api/household/invites/${byId}`)).status).toBe(200);
    expect((await ada.api.get('/api/household/invites')).body).toEqual([]);
    expect((await ada.api.del(`/api/household/invites/${first}`)).status).toBe(404);

    const grace = await person(t);
    for (const code of [first, second]) {
      const res = await grace.api.post('/api/household/join', { code, bringMyToys: false });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: HOUSEHOLD_MESSAGES.inviteInvalid });
    }
  });

  it('another household cannot list or revoke them', async () => {
    const ada = await person(t);
    const eve = await person(t);
    const code = await inviteCode(ada);
    const id = (await ada.api.get('/api/household/invites')).body[0].id;
    expect((await eve.api.get('/api/household/invites')).body).toEqual([]);
    expect((await eve.api.del(`/api/household/invites/${code}`)).status).toBe(404);
    expect((await eve.api.del(`/api/household/invites/${id}`)).status).toBe(404);
    expect((await ada.api.get('/api/household/invites')).body).toHaveLength(1);
  });

  it('expire after 7 days and work once', async () => {
    const ada = await person(t);
    const code = await inviteCode(ada);
    t.advance(INVITE_TTL_MS + 1000);
    try {
      const late = await person(t);
      const expired = await late.api.post('/api/household/join', { code, bringMyToys: false });
      expect(expired.status).toBe(404);
      expect(expired.body).toEqual({ error: HOUSEHOLD_MESSAGES.inviteInvalid });
    } finally {
      t.advance(-(INVITE_TTL_MS + 1000));
    }
    const fresh = await inviteCode(ada);
    const grace = await person(t);
    const bob = await person(t);
    expect((await grace.api.post('/api/household/join', { code: fresh, bringMyToys: false })).status).toBe(200);
    const reused = await bob.api.post('/api/household/join', { code: fresh, bringMyToys: false });
    expect(reused.status).toBe(404);
  });

  it('a malformed code is a 400, an unknown one a 404, joining one\'s own household a 409', async () => {
    const ada = await person(t);
    expect((await ada.api.post('/api/household/join', { code: 'x', bringMyToys: false })).status).toBe(400);
    expect((await ada.api.post('/api/household/join', { code: 'A'.repeat(43) })).status).toBe(400);
    expect((await ada.api.post('/api/household/join', { code: 'A'.repeat(43), bringMyToys: false })).status).toBe(404);
    const own = await ada.api.post('/api/household/join', { code: await inviteCode(ada), bringMyToys: false });
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ error: HOUSEHOLD_MESSAGES.alreadyMember });
  });
});

describe('joining', () => {
  it('without the toys: the joiner sees the household\'s data; theirs stays in their old household and comes back when they leave', async () => {
    const ada = await person(t, { username: 'Ada' });
    const grace = await person(t, { username: 'Grace' });
    await insertToys(t.deps, ada.userId, 2);
    await insertToys(t.deps, grace.userId, 3);
    const household = await join(ada, grace, false);
    expect(household).toMatchObject({ id: ada.userId, role: 'member' });
    expect(household.members.map((m) => [m.username, m.role])).toEqual([
      ['Ada', 'owner'],
      ['Grace', 'member'],
    ]);
    expect((await grace.api.get('getusertoys')).body).toHaveLength(2);
    expect((await ada.api.get('/api/household')).body.members).toHaveLength(2);
    // Grace's toys are kept, in her old household (no members now).
    const kept = await t.db.selectFrom('households').selectAll().where('id', '=', asHouseholdId(grace.userId)).executeTakeFirstOrThrow();
    expect(kept.kept_for).toBe(grace.userId);
    expect(await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(grace.userId)).execute()).toHaveLength(3);

    const left = await grace.api.post('/api/household/leave');
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ id: grace.userId, role: 'owner', token: expect.any(String) });
    const back = apiClient(t, left.body.token);
    expect((await back.get('getusertoys')).body).toHaveLength(3);
    expect((await ada.api.get('getusertoys')).body).toHaveLength(2);
  });

  it('with the toys: toys, lists and rotations move; same-named categories and collections become one; photos follow', async () => {
    const ada = await person(t, { username: 'Ada' });
    const grace = await person(t, { username: 'Grace' });
    await ada.api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks', 'Books'] });
    await ada.api.put('updateSettings', { toysBaskets: ['Bedroom'] });
    await grace.api.put('updateSettings', { toyTypes: ['Uncategorized', 'blocks', 'Puzzles'] });
    await grace.api.put('updateSettings', { toysBaskets: ['Bedroom', 'Car'] });
    const photo = dataUrl(makePng(2, 2, 7), 'image/png');
    const added = await grace.api.post('addToy', { data: photo, title: 'Castle', type: 'blocks' });
    expect(added.status).toBe(200);
    const castle = added.body.toy;
    expect((await grace.api.put('updateBasket', { basket: 'Bedroom', ids: [castle._id ?? castle.id] })).status).toBe(200);
    await grace.api.post('addToy', { data: photo, title: 'Jigsaw', type: 'Puzzles' });
    expect((await grace.api.get('pickRandomToys')).status).toBe(200);

    const household = await join(ada, grace, true);
    expect(household.id).toBe(ada.userId);
    const toys = (await ada.api.get('getusertoys')).body as { title: string; type: string; toysBaskets?: string[] }[];
    expect(toys.map((toy) => toy.title).sort()).toEqual(['Castle', 'Jigsaw']);
    const settings = (await ada.api.get('getsettings')).body[0];
    expect(settings.toyTypes).toEqual(['Uncategorized', 'Blocks', 'Books', 'Puzzles']);
    expect([...settings.toysBaskets].sort()).toEqual(['Bedroom', 'Car']);
    expect(toys.find((toy) => toy.title === 'Castle')?.type).toBe('Blocks');
    // Grace's toys carry who added them.
    const pulled = (await ada.api.get('/api/sync/toys/pull')).body.documents as { title: string; createdBy: string; categoryId: string; collectionIds: string[] }[];
    expect(pulled.find((d) => d.title === 'Castle')?.createdBy).toBe(grace.userId);
    const lists = (await ada.api.get('/api/sync/lists/pull')).body.documents as { id: string; name: string; kind: string; _deleted: boolean }[];
    const bedroom = lists.filter((l) => l.name === 'Bedroom' && !l._deleted);
    expect(bedroom).toHaveLength(1);
    expect(pulled.find((d) => d.title === 'Castle')?.collectionIds).toEqual([bedroom[0]!.id]);
    // Rotations and photos came along; the old household keeps nothing.
    expect((await ada.api.get('/api/sync/rotations/pull')).body.documents.length).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('media').select('id').where('household_id', '=', asHouseholdId(ada.userId)).execute()).toHaveLength(1);
    for (const table of ['toys', 'lists', 'rotations', 'media'] as const) {
      expect(await t.db.selectFrom(table).select('id').where('household_id', '=', asHouseholdId(grace.userId)).execute()).toEqual([]);
    }
    expect(names(lists.filter((l) => l.kind === 'category' && !l._deleted))).toEqual(['Blocks', 'Books', 'Puzzles', 'Uncategorized']);
  });

  it('with the toys over the plan\'s limits: 403 with a clear message, and nothing moves', async () => {
    const ada = await person(t);
    const grace = await person(t);
    await insertToys(t.deps, ada.userId, 60);
    await insertToys(t.deps, grace.userId, 45);
    const code = await inviteCode(ada);
    const res = await grace.api.post('/api/household/join', { code, bringMyToys: true });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/105 toys, more than the 100 .*Nothing was moved/);
    expect((await grace.api.get('getusertoys')).body).toHaveLength(45);
    expect((await grace.api.get('/api/household')).body.id).toBe(grace.userId);
    // The invite was not spent.
    expect((await grace.api.post('/api/household/join', { code, bringMyToys: false })).status).toBe(200);
  });

  it('the joiner\'s other devices get 403 {household: "left"} and move on with a renewed token', async () => {
    const ada = await person(t);
    const grace = await person(t);
    const renewed = await grace.api.post('/api/auth/renew');
    const otherDevice = apiClient(t, renewed.body.token);
    await join(ada, grace);
    const refused = await otherDevice.get('getusertoys');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(HOUSEHOLD_LEFT);
    const me = await otherDevice.get('/api/auth/me');
    expect(me.body).toMatchObject({ householdId: ada.userId, sessionHouseholdId: null });
    const again = await otherDevice.post('/api/auth/renew');
    expect((await apiClient(t, again.body.token).get('/api/household')).body.id).toBe(ada.userId);
    // The device that joined carries on with its token.
    expect((await grace.api.get('/api/household')).body.id).toBe(ada.userId);
  });
});

describe('roles', () => {
  it('a member may edit everything else but may not remove members or hand over ownership (403)', async () => {
    const { owner, member } = await family(t);
    const added = await member.api.post('addToy', { data: dataUrl(makePng(2, 2, 3), 'image/png'), title: 'Kite' });
    expect(added.status).toBe(200);
    expect((await owner.api.get('getusertoys')).body.map((toy: { title: string }) => toy.title)).toContain('Kite');
    expect((await member.api.post('/api/household/invites', {})).status).toBe(200);
    const removal = await member.api.del(`/api/household/members/${owner.userId}`);
    expect(removal.status).toBe(403);
    expect(removal.body).toEqual({ error: HOUSEHOLD_MESSAGES.ownerOnly });
    expect((await member.api.post('/api/household/owner', { userId: member.userId })).status).toBe(403);
    expect((await owner.api.get('/api/household')).body.members).toHaveLength(2);
  });

  it('the owner hands ownership over; the former owner is then a member', async () => {
    const { owner, member } = await family(t);
    expect((await owner.api.post('/api/household/owner', { userId: 'nobody' })).status).toBe(404);
    const res = await owner.api.post('/api/household/owner', { userId: member.userId });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('member');
    expect(res.body.members.find((m: { userId: string }) => m.userId === member.userId).role).toBe('owner');
    expect((await owner.api.del(`/api/household/members/${member.userId}`)).status).toBe(403);
    expect((await member.api.del(`/api/household/members/${owner.userId}`)).status).toBe(200);
  });

  it('the owner cannot remove someone of another household (404) or themselves (409)', async () => {
    const { owner } = await family(t);
    const stranger = await person(t);
    expect((await owner.api.del(`/api/household/members/${stranger.userId}`)).status).toBe(404);
    expect((await owner.api.del(`/api/household/members/${owner.userId}`)).status).toBe(409);
    expect((await stranger.api.get('/api/household')).body.id).toBe(stranger.userId);
  });

  it('the only member cannot leave (409)', async () => {
    const ada = await person(t);
    const res = await ada.api.post('/api/household/leave');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: HOUSEHOLD_MESSAGES.onlyMember });
  });
});

describe('removal and leaving', () => {
  it('take effect at once: 403 {household: "left"} on every household call and sync request; a fresh household of their own', async () => {
    const owner = await person(t);
    const member = await person(t);
    const householdId = owner.userId;
    await join(owner, member, true); // came with their toys: nothing was kept for them
    expect((await owner.api.del(`/api/household/members/${member.userId}`)).status).toBe(200);
    for (const call of [
      () => member.api.get('getusertoys'),
      () => member.api.get('getsettings'),
      () => member.api.get('/api/household'),
      () => member.api.post('/api/household/invites', {}),
      () => member.api.get('/api/sync/toys/pull'),
      () => member.api.get('/api/sync/toys/digest'),
      () => member.api.get('/api/sync/stream'),
      () => member.api.get('/api/stripe/get_product_status'),
    ]) {
      const res = await call();
      expect(res.status).toBe(403);
      expect(res.body).toEqual(HOUSEHOLD_LEFT);
    }
    // Logging in again (or renewing) gives a session in a household of their own.
    const renewed = await member.api.post('/api/auth/renew');
    const fresh = apiClient(t, renewed.body.token);
    const mine = await fresh.get('/api/household');
    expect(mine.body.role).toBe('owner');
    expect(mine.body.id).not.toBe(householdId);
    expect(mine.body.id).not.toBe(member.userId); // a new random id
    expect((await fresh.get('getusertoys')).body).toEqual([]);
    expect((await owner.api.get('/api/household')).body.members).toHaveLength(1);
  });

  it("a fresh household of their own is named in the person's language", async () => {
    const owner = await person(t);
    const member = await person(t, { username: 'Lena' });
    await t.db.updateTable('users').set({ language: 'de' }).where('id', '=', member.userId).execute();
    await join(owner, member, true); // came with their toys: nothing was kept for them
    expect((await owner.api.del(`/api/household/members/${member.userId}`)).status).toBe(200);
    const renewed = await member.api.post('/api/auth/renew');
    expect((await apiClient(t, renewed.body.token).get('/api/household')).body.name).toBe('Familie von Lena');
  });

  it('a member leaving gets a token for their own household (the one they left behind); the owner keeps the data', async () => {
    const { owner, member } = await family(t);
    await insertToys(t.deps, owner.userId, 2);
    const res = await member.api.post('/api/household/leave');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(member.userId);
    expect((await member.api.get('getusertoys')).status).toBe(403);
    expect((await apiClient(t, res.body.token).get('getusertoys')).body).toEqual([]);
    expect((await owner.api.get('getusertoys')).body).toHaveLength(2);
  });

  it('the owner leaving hands the household to the longest-standing member', async () => {
    const { owner, member } = await family(t);
    const third = await person(t);
    await join(owner, third);
    expect((await owner.api.post('/api/household/leave')).status).toBe(200);
    const view = (await member.api.get('/api/household')).body;
    expect(view.role).toBe('owner');
    expect(view.members.map((m: { userId: string }) => m.userId)).toEqual([member.userId, third.userId]);
  });
});

describe('account deletion', () => {
  it('of the owner: the longest-standing member becomes owner and the data stays', async () => {
    const { owner, member, householdId } = await family(t);
    const third = await person(t);
    await join(owner, third);
    await insertToys(t.deps, householdId, 3);
    expect((await owner.api.post('deleteUser')).status).toBe(200);
    const view = (await member.api.get('/api/household')).body;
    expect(view.id).toBe(householdId);
    expect(view.role).toBe('owner');
    expect(view.members.map((m: { userId: string }) => m.userId)).toEqual([member.userId, third.userId]);
    expect((await member.api.get('getusertoys')).body).toHaveLength(3);
  });

  it('of the last member: the household goes, with its data', async () => {
    const { owner, member, householdId } = await family(t);
    await insertToys(t.deps, householdId, 2);
    await t.db.insertInto('calendar_feeds').values({ owner_id: asHouseholdId(householdId), secret_hash: `hash-${householdId}`, created_at: 1 }).execute();
    expect((await member.api.post('/api/household/leave')).status).toBe(200);
    expect((await owner.api.post('deleteUser')).status).toBe(200);
    expect(await t.db.selectFrom('households').select('id').where('id', '=', asHouseholdId(householdId)).execute()).toEqual([]);
    expect(await t.db.selectFrom('calendar_feeds').select('owner_id').where('owner_id', '=', asHouseholdId(householdId)).execute()).toEqual([]);
    expect(await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(householdId)).execute()).toEqual([]);
    expect(await t.db.selectFrom('settings').select('household_id').where('household_id', '=', asHouseholdId(householdId)).execute()).toEqual([]);
  });

  it('of someone who joined without their toys also deletes the household kept for them', async () => {
    const ada = await person(t);
    const grace = await person(t);
    await insertToys(t.deps, grace.userId, 2);
    await join(ada, grace, false);
    expect((await grace.api.post('deleteUser')).status).toBe(200);
    expect(await t.db.selectFrom('households').select('id').where('id', '=', asHouseholdId(grace.userId)).execute()).toEqual([]);
    expect(await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(grace.userId)).execute()).toEqual([]);
    expect((await ada.api.get('/api/household')).body.members).toHaveLength(1);
  });
});

describe('who did what', () => {
  it('toys carry createdBy and updatedBy, rotations createdBy, set by the server (a client\'s values are ignored)', async () => {
    const { owner, member } = await family(t);
    const push = await member.api.post('/api/sync/toys/push', [
      {
        newDocumentState: {
          id: 'toy-1', title: 'Drum', categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false,
          favorite: false, createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null, createdBy: 'forged', updatedBy: 'forged',
        },
      },
    ]);
    expect(push.status).toBe(200);
    let doc = (await owner.api.get('/api/sync/toys/pull')).body.documents.find((d: { id: string }) => d.id === 'toy-1');
    expect(doc).toMatchObject({ createdBy: member.userId, updatedBy: member.userId });
    expect((await owner.api.put('/api/private/updatetoy/toy-1', { title: 'Big drum' })).status).toBe(200);
    doc = (await member.api.get('/api/sync/toys/pull')).body.documents.find((d: { id: string }) => d.id === 'toy-1');
    expect(doc).toMatchObject({ title: 'Big drum', createdBy: member.userId, updatedBy: owner.userId });
    expect((await owner.api.put('updateExcludedToy/toy-1', { excludedToy: true })).status).toBe(200);
    await member.api.put('updateToyRotationNumber', { rotationToysNumber: 0 });
    const rotation = await member.api.post('/api/sync/rotations/push', [
      { newDocumentState: { id: 'rot-1', createdAt: 5, toyIds: ['toy-1'], serverOrder: null, createdBy: owner.userId } },
    ]);
    expect(rotation.status).toBe(200);
    const rotations = (await owner.api.get('/api/sync/rotations/pull')).body.documents;
    expect(rotations.find((d: { id: string }) => d.id === 'rot-1').createdBy).toBe(member.userId);
  });
});
