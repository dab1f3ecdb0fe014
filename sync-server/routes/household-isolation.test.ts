import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../shared/export/zip.js';
import { mediaId } from '../services/media/media-store.js';
import { billingUser, createBillingHarness, type BillingHarness } from '../test-support/billing.js';
import { inviteCode, join, person, type Person } from '../test-support/households.js';
import { dataUrl, makePng } from '../test-support/test-images.js';
import { apiClient } from '../test-support/toys.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13, security: a member of household A can never read, change or learn the existence
// of household B's data, through REST, sync pull, push, digest or stream, media, or invites.
// Every household route (checked against /api/openapi.json) is called by A's people with B's
// ids, names and codes; B's rows stay exactly as they were and no answer names anything of B's.

let h: BillingHarness;
let a: { owner: Person; member: Person };
let b: { owner: Person; member: Person };
const B: Record<string, string> = {};
const A: Record<string, string> = {};

beforeAll(async () => {
  h = await createBillingHarness();
  const t = h.t;
  a = { owner: await person(t, { username: 'AnnaA' }), member: await person(t, { username: 'ArnoA' }) };
  b = { owner: await person(t, { username: 'BeritSecretB' }), member: await person(t, { username: 'BoSecretB' }) };
  await join(a.owner, a.member);
  await join(b.owner, b.member);
  await b.owner.api.put('updateSettings', { toyTypes: ['Uncategorized', 'SecretCategoryB'] });
  await b.owner.api.put('updateSettings', { toysBaskets: ['SecretBasketB'] });
  const photo = makePng(3, 3, 4242);
  const added = await b.member.api.post('addToy', { data: dataUrl(photo, 'image/png'), title: 'SecretToyB', type: 'SecretCategoryB' });
  expect(added.status).toBe(200);
  await b.owner.api.put('updateBasket', { basket: 'SecretBasketB', ids: [added.body.toy._id] });
  expect((await b.owner.api.get('pickRandomToys')).status).toBe(200);
  await b.owner.api.put('/api/household', { name: 'SecretHouseholdB' });
  await h.t.app.request('/api/household', { method: 'PATCH', headers: { authorization: `Bearer ${b.owner.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'SecretHouseholdB' }) });
  const rotation = (await b.owner.api.get('/api/sync/rotations/pull')).body.documents[0];
  const basket = (await b.owner.api.get('/api/sync/lists/pull')).body.documents.find((list: { kind: string; name: string }) => list.kind === 'collection' && list.name === 'SecretBasketB');
  // Rotation practice (issue 14): a second child with its own rotation and an observation, a
  // storage place, a retired toy and a calendar feed link.
  const child = await b.owner.api.post('addChild', { name: 'SecretChildB' });
  expect(child.status).toBe(200);
  expect((await b.owner.api.put(`updateToyLocation/${added.body.toy._id}`, { location: 'SecretShelfB' })).status).toBe(200);
  expect((await b.owner.api.put(`updateToyChildren/${added.body.toy._id}`, { childIds: [child.body.id] })).status).toBe(200);
  const childRotation = await b.owner.api.post(`rotateChild/${child.body.id}`);
  expect(childRotation.body.toyIds).toEqual([added.body.toy._id]);
  expect((await b.owner.api.put(`observeToy/${childRotation.body.rotationId}`, { toyId: added.body.toy._id, observation: 'lot' })).status).toBe(200);
  const retired = await b.member.api.post('addToy', { data: dataUrl(makePng(3, 3, 4343), 'image/png'), title: 'SecretRetiredB' });
  expect((await b.owner.api.put(`retireToy/${retired.body.toy._id}`, { reason: 'keepsake', note: 'SecretNoteB' })).status).toBe(200);
  const feed = await b.owner.api.post('calendarFeed');
  expect(feed.status).toBe(200);
  const code = await inviteCode(b.owner, 'secret-invitee-b@example.com');
  const inviteId = (await b.owner.api.get('/api/household/invites')).body[0].id;
  Object.assign(B, {
    household: b.owner.userId,
    ownerId: b.owner.userId,
    memberId: b.member.userId,
    toyId: added.body.toy._id,
    photo: mediaId(photo),
    rotationId: rotation.id,
    code,
    inviteId,
    childId: child.body.id,
    childRotationId: childRotation.body.rotationId,
    retiredToyId: retired.body.toy._id,
    calendarPath: new URL(feed.body.url).pathname,
    collectionId: basket.id,
  });
  // A toy of A's own, to aim B's child ids at.
  const mine = await a.owner.api.post('addToy', { data: dataUrl(makePng(3, 3, 11), 'image/png'), title: 'MineA' });
  expect(mine.status).toBe(200);
  A.toyId = mine.body.toy._id;
});
afterAll(() => h.close());

/** Everything of household B, as stored. */
async function snapshotB(): Promise<string> {
  const db = h.t.db;
  const parts: unknown[] = [];
  for (const table of ['toys', 'lists', 'rotations', 'settings', 'media'] as const) {
    parts.push(await db.selectFrom(table).selectAll().where('household_id', '=', asHouseholdId(B.household!)).orderBy('household_id').execute());
  }
  parts.push(await db.selectFrom('households').selectAll().where('id', '=', asHouseholdId(B.household!)).execute());
  parts.push(await db.selectFrom('memberships').selectAll().where('household_id', '=', asHouseholdId(B.household!)).orderBy('user_id').execute());
  parts.push(await db.selectFrom('invites').selectAll().where('household_id', '=', asHouseholdId(B.household!)).orderBy('code_hash').execute());
  parts.push(await db.selectFrom('calendar_feeds').selectAll().where('owner_id', '=', asHouseholdId(B.household!)).execute());
  parts.push(await db.selectFrom('rotation_reminders').selectAll().where('owner_id', '=', asHouseholdId(B.household!)).orderBy('due_date').execute());
  return JSON.stringify(parts);
}

/** Strings that would show something of B's leaked into an answer. */
const secrets = () => [B.toyId, B.rotationId, B.memberId, B.ownerId, 'SecretToyB', 'SecretCategoryB', 'SecretBasketB', 'SecretHouseholdB', 'SecretB', 'secret-invitee-b', B.inviteId,
  B.childId, B.childRotationId, B.retiredToyId, 'SecretChildB', 'SecretShelfB', 'SecretRetiredB', 'SecretNoteB', B.calendarPath?.split('/').pop()];

const toyDoc = (id: string) => ({
  id, title: 'Mine', categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false,
  favorite: false, createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null,
});

/** `status`: the answer expected (404 where only B has the thing; 200 where A gets its own). `zip`: a raw application/zip body. */
type Call = { method: string; path: string; route: string; body?: unknown; zip?: Uint8Array; status?: number; as?: 'owner' | 'member' };

/** An export zip (decision 020) made of B's ids: B's toy and rotation ids, B's child and photo, with A's own titles. */
function zipWithBsIds(): Uint8Array {
  const json = {
    format: 'toy-rotation-export',
    version: 1,
    exportedAt: new Date(0).toISOString(),
    collections: {
      toys: [{ ...toyDoc(B.toyId!), title: 'Imported', mediaId: B.photo, childIds: [B.childId] }],
      lists: [],
      rotations: [{ id: B.childRotationId, createdAt: 1, toyIds: [B.toyId], serverOrder: null, childId: B.childId, observations: { [B.toyId!]: 'none' } }],
      settings: [{ id: B.household, rotationToysNumber: 1, lastRotationDate: null, tipsDismissed: true, plan: 'paid', toysLimit: 500, collectionsLimit: 50 }],
    },
  };
  return zipSync({ 'toy-rotation.json': strToU8(JSON.stringify(json)), [`photos/${B.photo}.jpg`]: makePng(3, 3, 4242) });
}

/** Every household route, aimed at B. `route` is the OpenAPI path + method it covers. */
function calls(): Call[] {
  const photo = () => dataUrl(makePng(3, 3, 4242), 'image/png'); // B's very photo bytes
  return [
    { route: 'get /api/private/getusertoys', method: 'GET', path: '/api/private/getusertoys' },
    { route: 'get /api/private/getUserToys', method: 'GET', path: '/api/private/getUserToys' },
    { route: 'get /api/private/unexcludedToysAmount', method: 'GET', path: '/api/private/unexcludedToysAmount' },
    { route: 'get /api/private/excludedToysAmount', method: 'GET', path: '/api/private/excludedToysAmount' },
    { route: 'post /api/private/addToy', method: 'POST', path: '/api/private/addToy', body: { data: photo(), title: 'Mine', type: 'SecretCategoryB' } },
    { route: 'put /api/private/updatetoy/{id}', method: 'PUT', path: `/api/private/updatetoy/${B.toyId}`, body: { title: 'Hijacked' } },
    { route: 'put /api/private/updatetoy/{id}', method: 'PUT', path: '/api/private/updatetoy/x', body: { title: 'Hijacked', data: B.photo } },
    { route: 'delete /api/private/deletetoy/{id}', method: 'DELETE', path: `/api/private/deletetoy/${B.toyId}` },
    { route: 'put /api/private/updateExcludedToy/{id}', method: 'PUT', path: `/api/private/updateExcludedToy/${B.toyId}`, body: { excludedToy: true } },
    { route: 'put /api/private/updateFavoriteToyProporty/{id}', method: 'PUT', path: `/api/private/updateFavoriteToyProporty/${B.toyId}`, body: { favoriteToy: true } },
    { route: 'get /api/private/getuserrandomtoys', method: 'GET', path: '/api/private/getuserrandomtoys' },
    { route: 'get /api/private/pickRandomToys', method: 'GET', path: '/api/private/pickRandomToys' },
    { route: 'get /api/private/getLastRotationDate', method: 'GET', path: '/api/private/getLastRotationDate' },
    { route: 'get /api/private/updateLastRotationDate', method: 'GET', path: '/api/private/updateLastRotationDate' },
    { route: 'put /api/private/updateToyRotationNumber', method: 'PUT', path: '/api/private/updateToyRotationNumber', body: { rotationToysNumber: 0 } },
    { route: 'get /api/private/getsettings', method: 'GET', path: '/api/private/getsettings' },
    { route: 'get /api/private/collectionsForCurrentPlan', method: 'GET', path: '/api/private/collectionsForCurrentPlan' },
    { route: 'put /api/private/updateSettings', method: 'PUT', path: '/api/private/updateSettings', body: { toysBaskets: ['Mine'] } },
    { route: 'put /api/private/deleteType', method: 'PUT', path: '/api/private/deleteType', body: { typeToDelete: 'SecretCategoryB' } },
    { route: 'put /api/private/updateTypeName', method: 'PUT', path: '/api/private/updateTypeName', body: { oldName: 'SecretCategoryB', newName: 'Renamed' } },
    { route: 'put /api/private/deleteBasket', method: 'PUT', path: '/api/private/deleteBasket', body: { basketToDelete: 'SecretBasketB' } },
    { route: 'put /api/private/updateBasketName', method: 'PUT', path: '/api/private/updateBasketName', body: { toysBaskets: ['Renamed'] } },
    { route: 'put /api/private/updateBasket', method: 'PUT', path: '/api/private/updateBasket', body: { basket: 'SecretBasketB', ids: [B.toyId] } },
    // Rotation practice (issue 14): B's children, rotations and toys are unknown to A (404, like
    // any unknown id); A's own lists answer 200 with nothing of B's.
    { route: 'get /api/private/getChildren', method: 'GET', path: '/api/private/getChildren', status: 200 },
    { route: 'post /api/private/addChild', method: 'POST', path: '/api/private/addChild', body: { name: 'MineChild' }, status: 200 },
    { route: 'put /api/private/updateChild/{childId}', method: 'PUT', path: `/api/private/updateChild/${B.childId}`, body: { name: 'Hijacked', rotationToysNumber: 0 }, status: 404 },
    { route: 'delete /api/private/deleteChild/{childId}', method: 'DELETE', path: `/api/private/deleteChild/${B.childId}`, status: 404 },
    { route: 'post /api/private/rotateChild/{childId}', method: 'POST', path: `/api/private/rotateChild/${B.childId}`, status: 404 },
    // Collections in rotation (decision 047): B's collection is no source and nothing to bring out for A.
    { route: 'post /api/private/rotateChild/{childId}', method: 'POST', path: `/api/private/rotateChild/first-child?collectionId=${B.collectionId}`, status: 404 },
    { route: 'post /api/private/bringOutCollection/{collectionId}', method: 'POST', path: `/api/private/bringOutCollection/${B.collectionId}`, status: 404 },
    { route: 'get /api/private/childToys/{childId}', method: 'GET', path: `/api/private/childToys/${B.childId}`, status: 404 },
    { route: 'get /api/private/swapList/{childId}', method: 'GET', path: `/api/private/swapList/${B.childId}`, status: 404 },
    { route: 'get /api/private/rotationHistory', method: 'GET', path: `/api/private/rotationHistory?childId=${B.childId}`, status: 404 },
    { route: 'get /api/private/rotationHistory', method: 'GET', path: '/api/private/rotationHistory', status: 200 },
    { route: 'put /api/private/observeToy/{rotationId}', method: 'PUT', path: `/api/private/observeToy/${B.childRotationId}`, body: { toyId: B.toyId, observation: null }, status: 404 },
    { route: 'put /api/private/observeToy/{rotationId}', method: 'PUT', path: `/api/private/observeToy/${B.rotationId}`, body: { toyId: B.toyId, observation: 'none' }, status: 404 },
    { route: 'get /api/private/toyStory/{id}', method: 'GET', path: `/api/private/toyStory/${B.toyId}`, status: 404 },
    { route: 'put /api/private/retireToy/{id}', method: 'PUT', path: `/api/private/retireToy/${B.toyId}`, body: { reason: 'donated' }, status: 404 },
    { route: 'put /api/private/unretireToy/{id}', method: 'PUT', path: `/api/private/unretireToy/${B.retiredToyId}`, status: 404 },
    { route: 'get /api/private/retiredToys', method: 'GET', path: '/api/private/retiredToys', status: 200 },
    { route: 'put /api/private/updateToyLocation/{id}', method: 'PUT', path: `/api/private/updateToyLocation/${B.toyId}`, body: { location: null }, status: 404 },
    { route: 'get /api/private/storagePlaces', method: 'GET', path: '/api/private/storagePlaces', status: 200 },
    { route: 'put /api/private/updateToyChildren/{id}', method: 'PUT', path: `/api/private/updateToyChildren/${B.toyId}`, body: { childIds: [] }, status: 404 },
    { route: 'put /api/private/updateToyChildren/{id}', method: 'PUT', path: `/api/private/updateToyChildren/${A.toyId}`, body: { childIds: [B.childId] }, status: 400 },
    { route: 'get /api/private/calendarFeed', method: 'GET', path: '/api/private/calendarFeed', status: 200 },
    { route: 'post /api/private/calendarFeed', method: 'POST', path: '/api/private/calendarFeed', status: 200 },
    { route: 'delete /api/private/calendarFeed', method: 'DELETE', path: '/api/private/calendarFeed', status: 200 },
    // A's export is A's alone (the zip is read back below).
    { route: 'get /api/private/export', method: 'GET', path: '/api/private/export', status: 200 },
    { route: 'get /api/stripe/get_product_status', method: 'GET', path: '/api/stripe/get_product_status' },
    { route: 'get /api/stripe/create_checkout_link_premium', method: 'GET', path: '/api/stripe/create_checkout_link_premium', as: 'member' },
    { route: 'get /api/stripe/billing_portal', method: 'GET', path: '/api/stripe/billing_portal' },
    { route: 'put /api/media/{id}', method: 'PUT', path: `/api/media/${B.photo}` },
    { route: 'get /api/sync/{table}/pull', method: 'GET', path: '/api/sync/toys/pull' },
    { route: 'get /api/sync/{table}/pull', method: 'GET', path: '/api/sync/lists/pull' },
    { route: 'get /api/sync/{table}/pull', method: 'GET', path: '/api/sync/rotations/pull' },
    { route: 'get /api/sync/{table}/pull', method: 'GET', path: '/api/sync/settings/pull' },
    { route: 'get /api/sync/{table}/pull', method: 'GET', path: `/api/sync/toys/pull?seq=0&id=${B.toyId}` },
    { route: 'get /api/sync/{table}/digest', method: 'GET', path: '/api/sync/toys/digest' },
    { route: 'post /api/sync/{table}/push', method: 'POST', path: '/api/sync/toys/push', body: [{ newDocumentState: { ...toyDoc(B.toyId!), _deleted: true }, assumedMasterState: toyDoc(B.toyId!) }] },
    { route: 'post /api/sync/{table}/push', method: 'POST', path: '/api/sync/toys/push', body: [{ newDocumentState: toyDoc(B.toyId!) }] },
    { route: 'post /api/sync/{table}/push', method: 'POST', path: '/api/sync/toys/push', body: [{ newDocumentState: { ...toyDoc('mine-2'), mediaId: B.photo } }] },
    { route: 'post /api/sync/{table}/push', method: 'POST', path: '/api/sync/rotations/push', body: [{ newDocumentState: { id: B.rotationId, createdAt: 1, toyIds: [B.toyId], serverOrder: null, _deleted: true } }] },
    { route: 'post /api/sync/{table}/push', method: 'POST', path: '/api/sync/settings/push', body: [{ newDocumentState: { id: B.household, rotationToysNumber: 1, lastRotationDate: null, tipsDismissed: true, plan: 'paid', toysLimit: 500, collectionsLimit: 50 } }] },
    { route: 'get /api/household', method: 'GET', path: '/api/household' },
    { route: 'patch /api/household', method: 'PATCH', path: '/api/household', body: { name: 'Renamed A' } },
    { route: 'post /api/household/invites', method: 'POST', path: '/api/household/invites', body: {} },
    { route: 'get /api/household/invites', method: 'GET', path: '/api/household/invites' },
    { route: 'delete /api/household/invites/{code}', method: 'DELETE', path: `/api/household/invites/${B.code}` },
    { route: 'delete /api/household/invites/{code}', method: 'DELETE', path: `/api/household/invites/${B.inviteId}` },
    { route: 'post /api/household/join', method: 'POST', path: '/api/household/join', body: { code: `${B.code!.slice(0, -2)}xx`, bringMyToys: true } },
    // Who invited and to which family is told only for the invite's very code (the code is the secret).
    { route: 'get /api/household/join/{code}', method: 'GET', path: `/api/household/join/${B.code!.slice(0, -2)}xx`, status: 404 },
    { route: 'delete /api/household/members/{userId}', method: 'DELETE', path: `/api/household/members/${B.memberId}`, as: 'owner' },
    { route: 'delete /api/household/members/{userId}', method: 'DELETE', path: `/api/household/members/${B.ownerId}`, as: 'owner' },
    { route: 'post /api/household/owner', method: 'POST', path: '/api/household/owner', body: { userId: B.memberId }, as: 'owner' },
    // An import carrying B's ids lands in A's household only.
    { route: 'post /api/private/import', method: 'POST', path: '/api/private/import', zip: zipWithBsIds(), status: 200 },
    // A member may not delete A (403); the owner deleting A is checked by the last test.
    { route: 'delete /api/household', method: 'DELETE', path: '/api/household' },
    // Leaving A (last, as A's member) must not touch B either.
    { route: 'post /api/household/leave', method: 'POST', path: '/api/household/leave' },
  ];
}

/** Routes that are not a household's: sign-in, public forms, Stripe's webhook and config, photo reads by content hash, the account itself. */
const NOT_HOUSEHOLD = new Set([
  'get /api/auth/captcha', 'post /api/auth/register', 'post /api/auth/login', 'post /api/auth/renew', 'get /api/auth/me', 'post /api/auth/logout',
  'post /api/auth/forgotpassword', 'put /api/auth/resetpassword/{resetToken}', 'post /api/public/contactus', 'post /api/public/deletionform',
  'get /api/stripe/config', 'post /api/stripe/webhook', 'get /api/media/{id}', 'post /api/private/deleteUser', 'get /api/health', 'get /api/ready',
  // The stream is checked by its own test below.
  'get /api/sync/stream',
  // Links whose unguessable secret is the key, not a session (issue 14): the household comes from
  // the secret alone. B's calendar link is checked to still work after A's calls below.
  'get /api/calendar/{file}', 'get /api/reminders/unsubscribe/{token}', 'post /api/reminders/unsubscribe/{token}',
  // A person's own passkeys, push subscriptions and language, not a household's: passkeys.test.ts checks
  // that nobody can remove another person's passkey, push.test.ts that a device is one person's.
  'get /api/auth/passkeys', 'post /api/auth/passkeys/add/options', 'post /api/auth/passkeys/add', 'delete /api/auth/passkeys/{id}',
  'post /api/auth/passkeys/sign-in/options', 'post /api/auth/passkeys/sign-in',
  'get /api/push/key', 'post /api/push/subscriptions', 'post /api/push/unsubscribe', 'post /api/push/test',
  // A person's own language (the account's, set with its own session).
  'put /api/auth/language',
]);

describe('household isolation', () => {
  it('the list below covers every household route of the API description', async () => {
    const doc = await (await h.t.app.request('/api/openapi.json')).json();
    const described = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    const covered = new Set(calls().map((c) => c.route));
    expect(described.filter((route) => !NOT_HOUSEHOLD.has(route) && !covered.has(route))).toEqual([]);
  });

  it("A's people, with B's ids, names and codes, change nothing of B's and learn nothing of it", async () => {
    const before = await snapshotB();
    for (const call of calls()) {
      const who = call.as === 'owner' ? a.owner : a.member;
      const res = await h.t.app.request(call.path, {
        method: call.method,
        headers: {
          authorization: `Bearer ${who.token}`,
          ...(call.zip ? { 'content-type': 'application/zip' } : call.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: call.zip
          ? (call.zip as Uint8Array<ArrayBuffer>)
          : call.body === undefined
            ? call.method === 'PUT' && call.path.startsWith('/api/media/') ? new Uint8Array(makePng(3, 3, 4242)) : undefined
            : JSON.stringify(call.body),
      });
      // A zip answer (the export) is read file by file: its text is compressed.
      const text = res.headers.get('content-type') === 'application/zip'
        ? [...readZip(new Uint8Array(await res.arrayBuffer()))].map(([name, bytes]) => `${name}\n${new TextDecoder().decode(bytes)}`).join('\n')
        : await res.text();
      const where = `${call.method} ${call.path} -> ${res.status} ${text.slice(0, 300)}`;
      expect(res.status, where).toBeLessThan(500);
      if (call.status !== undefined) expect(res.status, where).toBe(call.status);
      if (call.path === '/api/private/export') expect(text, where).toContain('MineA');
      // What the caller sent may come back (say, in "no category named X"); nothing else of B's may.
      const sent = `${call.path} ${JSON.stringify(call.body ?? '')}`;
      for (const secret of secrets().filter((s) => !sent.includes(s as string))) expect(text, where).not.toContain(secret);
      expect(await snapshotB(), where).toBe(before);
    }
    // B's people still see all of theirs.
    const toys = await b.member.api.get('getusertoys');
    expect(toys.body.map((toy: { title: string }) => toy.title)).toEqual(['SecretToyB']);
    expect((await b.member.api.get('/api/household')).body.members).toHaveLength(2);
    expect((await b.member.api.get(`childToys/${B.childId}`)).body.map((toy: { title: string }) => toy.title)).toEqual(['SecretToyB']);
    const calendar = await h.t.app.request(B.calendarPath!);
    expect(calendar.status).toBe(200);
    expect(await calendar.text()).toContain('BEGIN:VCALENDAR');
  });

  it("A's live stream hears nothing of B's changes", async () => {
    const other = await person(h.t);
    const controller = new AbortController();
    const res = await h.t.app.request('/api/sync/stream', { headers: { authorization: `Bearer ${a.owner.token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read(); // ': connected'
    // One read in flight at a time: a read that lost the race still receives the next chunk.
    let pending: Promise<string> | null = null;
    const next = async () => {
      pending ??= reader.read().then((r) => new TextDecoder().decode(r.value));
      const got = await Promise.race([pending, new Promise<string>((r) => setTimeout(() => r('timeout'), 400))]);
      if (got !== 'timeout') pending = null;
      return got;
    };
    await b.owner.api.put('updateFavoriteToyProporty/' + B.toyId, { favoriteToy: true });
    await other.api.get('pickRandomToys');
    expect(await next()).toBe('timeout');
    await a.owner.api.get('updateLastRotationDate'); // A's own change arrives
    expect(await next()).toContain('event: change');
    void reader.cancel().catch(() => {});
    controller.abort();
  });

  it('a billing user of B is not touched by A (product status is per household)', async () => {
    const payer = await billingUser(h, 'paid');
    expect((await apiClient(h.t, a.owner.token).get('/api/stripe/get_product_status')).body.status).toBe('free');
    expect((await apiClient(h.t, payer.token).get('/api/stripe/get_product_status')).body.status).toBe('paid');
  });

  it("A's owner deleting A deletes nothing of B's and ends no session of B's", async () => {
    const before = await snapshotB();
    const res = await apiClient(h.t, a.owner.token).del('/api/household');
    expect(res.status).toBe(200);
    for (const secret of secrets()) expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(await snapshotB()).toBe(before);
    expect((await b.member.api.get('getusertoys')).body.map((toy: { title: string }) => toy.title)).toEqual(['SecretToyB']);
    expect((await b.owner.api.get('/api/household')).body.members).toHaveLength(2);
  });
});
