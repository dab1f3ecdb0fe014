import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_LEFT, HOUSEHOLD_MESSAGES, leftHouseholdSchema } from '../../shared/schemas/household.js';
import type { HouseholdId } from '../db/schema.js';
import { mediaId } from '../services/media/media-store.js';
import { stripeEvent } from '../test-support/fake-stripe.js';
import { billingUser, createBillingHarness, deliver, PRICE, type BillingHarness } from '../test-support/billing.js';
import { inviteCode, join, person, type Person } from '../test-support/households.js';
import { cheapPasswordHash } from '../test-support/register.js';
import { jsonRequest } from '../test-support/test-app.js';
import { dataUrl, makePng } from '../test-support/test-images.js';
import { apiClient, insertToys } from '../test-support/toys.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13, roles: the owner deletes the household (DELETE /api/household, decision 016). Every
// member keeps their account and lands in a household of their own, as after removal; the
// household's data, photos, invites and practice rows go; a member may not (403).

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(() => h.close());

const DATA_TABLES = ['toys', 'lists', 'rotations', 'settings', 'media'] as const;

/** Every row the household holds, in every table that refers to it. */
async function rowsOf(householdId: HouseholdId) {
  const db = h.t.db;
  const counts: Record<string, number> = {};
  for (const table of DATA_TABLES) counts[table] = (await db.selectFrom(table).select('household_id').where('household_id', '=', householdId).execute()).length;
  counts.households = (await db.selectFrom('households').select('id').where('id', '=', householdId).execute()).length;
  counts.memberships = (await db.selectFrom('memberships').select('user_id').where('household_id', '=', householdId).execute()).length;
  counts.invites = (await db.selectFrom('invites').select('code_hash').where('household_id', '=', householdId).execute()).length;
  counts.calendar_feeds = (await db.selectFrom('calendar_feeds').select('owner_id').where('owner_id', '=', householdId).execute()).length;
  counts.rotation_reminders = (await db.selectFrom('rotation_reminders').select('owner_id').where('owner_id', '=', householdId).execute()).length;
  return counts;
}

/** A household of three with toys, a photo, a collection, a rotation, an open invite, a calendar feed and a reminder sent. */
async function fullHousehold() {
  const owner = await person(h.t, { username: 'Ada' });
  const member = await person(h.t, { username: 'Grace' });
  const third = await person(h.t, { username: 'Hedy' });
  await join(owner, member);
  await join(owner, third, true);
  const householdId = owner.userId;
  const photo = makePng(3, 3, Math.floor(Math.random() * 1e6));
  const added = await member.api.post('addToy', { data: dataUrl(photo, 'image/png'), title: 'Shared bear', type: 'Uncategorized' });
  expect(added.status).toBe(200);
  await insertToys(h.t.deps, householdId, 2);
  expect((await owner.api.put('updateSettings', { toysBaskets: ['Bath toys'] })).status).toBe(200);
  expect((await owner.api.get('pickRandomToys')).status).toBe(200);
  await inviteCode(owner, 'someone@example.com'); // open; the two used ones stay as rows too
  await h.t.db.insertInto('calendar_feeds').values({ owner_id: asHouseholdId(householdId), secret_hash: `hash-${householdId}`, created_at: 1 }).execute();
  await h.t.db.insertInto('rotation_reminders').values({ owner_id: asHouseholdId(householdId), due_date: '2026-11-23', sent_at: 1 }).execute();
  return { owner, member, third, householdId, photo: mediaId(photo) };
}

async function openStream(token: string) {
  const controller = new AbortController();
  const res = await h.t.app.request('/api/sync/stream', { ...jsonRequest('GET', undefined, token), signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read(); // ': connected'
  return { reader, controller };
}

async function endsWithin(open: Awaited<ReturnType<typeof openStream>>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const next = await Promise.race([open.reader.read(), new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), left))]);
    if (next === 'timeout') return false;
    if (next.done) return true;
  }
}

/** Gives the person a password and logs in with it, as someone would after being signed out. */
async function logIn(who: Person) {
  await h.t.db.updateTable('users').set({ password_hash: cheapPasswordHash('a good password') }).where('id', '=', who.userId).execute();
  const res = await h.t.app.request('/api/auth/login', jsonRequest('POST', { email: who.email, password: 'a good password' }));
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; householdId: string };
}

describe('DELETE /api/household', () => {
  it('by the owner: the data goes, every member keeps their account in a household of their own, their sessions and streams end', async () => {
    const { owner, member, third, householdId, photo } = await fullHousehold();
    const before = await rowsOf(asHouseholdId(householdId));
    expect(before).toMatchObject({ toys: 3, settings: 1, media: 1, households: 1, memberships: 3, invites: 3, calendar_feeds: 1, rotation_reminders: 1 });
    expect(before.lists).toBeGreaterThan(1);
    expect(before.rotations).toBe(1);
    expect(await h.t.deps.media.get(photo)).not.toBeNull();
    const streams = [await openStream(member.token), await openStream(third.token)];

    const res = await owner.api.del('/api/household');
    expect(res.status).toBe(200);
    const answer = leftHouseholdSchema.parse(res.body);
    expect(answer.id).not.toBe(householdId);
    expect(answer).toMatchObject({ name: "Ada's family", role: 'owner', members: [{ userId: owner.userId, username: 'Ada', role: 'owner' }] });

    // Nothing of the household is left, not even the photo file no one else holds.
    expect(await rowsOf(asHouseholdId(householdId))).toEqual(Object.fromEntries(Object.keys(before).map((key) => [key, 0])));
    expect(await h.t.deps.media.get(photo)).toBeNull();

    // Every old session, the owner's included, is a 403 {household: 'left'}; the streams closed.
    for (const streamEnded of await Promise.all(streams.map((stream) => endsWithin(stream, 1000)))) expect(streamEnded).toBe(true);
    for (const who of [owner, member, third]) {
      for (const call of [() => who.api.get('getusertoys'), () => who.api.get('/api/sync/toys/pull'), () => who.api.get('/api/household'), () => who.api.get('/api/sync/stream')]) {
        const gone = await call();
        expect(gone.status).toBe(403);
        expect(gone.body).toEqual(HOUSEHOLD_LEFT);
      }
    }

    // The owner's new token works on an empty household of their own.
    const ownerNow = apiClient(h.t, answer.token);
    expect((await ownerNow.get('getusertoys')).body).toEqual([]);
    expect((await ownerNow.get('/api/household')).body.id).toBe(answer.id);

    // The members log in again: each owns a fresh, empty household with a new id.
    const homes = new Set([answer.id]);
    for (const who of [member, third]) {
      const login = await logIn(who);
      expect(login.householdId).not.toBe(householdId);
      homes.add(login.householdId);
      const api = apiClient(h.t, login.token);
      const mine = await api.get('/api/household');
      expect(mine.body).toMatchObject({ id: login.householdId, role: 'owner', members: [{ userId: who.userId }] });
      expect((await api.get('getusertoys')).body).toEqual([]);
      expect((await api.get('/api/sync/settings/pull')).body.documents[0].id).toBe(login.householdId);
    }
    expect(homes.size).toBe(3);
  });

  it('a member who joined without their toys gets the household they left behind back, toys and all', async () => {
    const owner = await person(h.t);
    const member = await person(h.t);
    await insertToys(h.t.deps, member.userId, 2);
    await join(owner, member, false);
    expect((await owner.api.del('/api/household')).status).toBe(200);
    const renewed = await member.api.post('/api/auth/renew');
    expect(renewed.status).toBe(200);
    const back = apiClient(h.t, renewed.body.token);
    expect((await back.get('/api/household')).body).toMatchObject({ id: member.userId, role: 'owner' });
    expect((await back.get('getusertoys')).body).toHaveLength(2);
  });

  it('a photo another household also holds stays in the media store', async () => {
    const photo = makePng(3, 3, 777);
    const owner = await person(h.t);
    const other = await person(h.t);
    for (const who of [owner, other]) expect((await who.api.post('addToy', { data: dataUrl(photo, 'image/png'), title: 'Same photo', type: 'Uncategorized' })).status).toBe(200);
    expect((await owner.api.del('/api/household')).status).toBe(200);
    expect(await h.t.deps.media.get(mediaId(photo))).not.toBeNull();
    expect((await other.api.get('getusertoys')).body).toHaveLength(1);
  });

  it('by a member: 403 with a message, and nothing changes', async () => {
    const { owner, member, householdId, photo } = await fullHousehold();
    const before = await rowsOf(asHouseholdId(householdId));
    const res = await member.api.del('/api/household');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: HOUSEHOLD_MESSAGES.ownerOnly });
    expect(await rowsOf(asHouseholdId(householdId))).toEqual(before);
    expect(await h.t.deps.media.get(photo)).not.toBeNull();
    for (const who of [owner, member]) expect((await who.api.get('getusertoys')).body).toHaveLength(3);
  });

  it('signed out: 401', async () => {
    expect((await apiClient(h.t).del('/api/household')).status).toBe(401);
  });

  it("leaves the owner's Premium subscription alone: it goes on paying for the owner's new household", async () => {
    const owner = await billingUser(h);
    const member = await person(h.t);
    await join(owner, member);
    const customer = await owner.checkout();
    const sub = h.fake.putSubscription({ id: 'sub_delete_household', customer, status: 'active', price: PRICE, created: Math.floor(Date.now() / 1000), metadata: { userId: owner.userId } });
    expect((await deliver(h, stripeEvent('customer.subscription.created', sub))).status).toBe(200);
    const stripeCalls = h.fake.requests.length;

    const res = await owner.api.del('/api/household');
    expect(res.status).toBe(200);
    expect(h.fake.requests.length).toBe(stripeCalls); // no cancellation, no call at all
    expect(h.fake.subscription('sub_delete_household')?.status).toBe('active');
    const ownerNow = apiClient(h.t, res.body.token);
    expect((await ownerNow.get('/api/stripe/get_product_status')).body.status).toBe('paid');
    expect((await ownerNow.get('/api/sync/settings/pull')).body.documents[0]).toMatchObject({ plan: 'paid', toysLimit: 500 });
    // The member's new household is free: Premium was the owner's.
    const renewed = await member.api.post('/api/auth/renew');
    expect((await apiClient(h.t, renewed.body.token).get('/api/stripe/get_product_status')).body.status).toBe('free');
  });

  it('is in the API description', async () => {
    const doc = await (await h.t.app.request('/api/openapi.json')).json();
    expect(doc.paths['/api/household'].delete).toBeDefined();
  });
});
