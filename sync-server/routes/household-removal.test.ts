import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_LEFT } from '../../shared/schemas/household.js';
import { SYNC_HAND_IN_REFUSED_HEADER, SYNC_NOTICE_HEADER } from '../../shared/schemas/sync.js';
import { createSession } from '../services/auth/sessions.js';
import { mediaId } from '../services/media/media-store.js';
import { HAND_IN_HEADER, HAND_IN_WINDOW_MS } from '../services/household/scope.js';
import { family } from '../test-support/households.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { makePng } from '../test-support/test-images.js';
import { apiClient } from '../test-support/toys.js';

// Issue 13: removal takes effect at once (live streams close, every call 403 {household:
// 'left'}), and what a removed member's offline device made before is handed in, not lost
// (decision 016: the bounded hand-in).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const toy = (id: string, fields: Record<string, unknown> = {}) => ({
  id, title: 'Toy', categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false,
  favorite: false, createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null, ...fields,
});

/** A push as `token`, handing in to `household` when given. */
function push(token: string, docs: unknown[], household?: string) {
  return t.app.request('/api/sync/toys/push', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(household ? { [HAND_IN_HEADER]: household } : {}) },
    body: JSON.stringify(docs.map((doc) => ({ newDocumentState: doc }))),
  });
}

/** A photo upload as `token`, handing in to `household` when given. */
function putPhoto(token: string, bytes: Uint8Array, household?: string) {
  return t.app.request(`/api/media/${mediaId(bytes)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', ...(household ? { [HAND_IN_HEADER]: household } : {}) },
    body: Buffer.from(bytes),
  });
}

async function openStream(token: string) {
  const controller = new AbortController();
  const res = await t.app.request('/api/sync/stream', { ...jsonRequest('GET', undefined, token), signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
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

describe('removal', () => {
  it("closes the removed member's live streams at once, not the others'; a reconnect is a 403 {household: 'left'}", async () => {
    const { owner, member } = await family(t);
    const theirs = await openStream(member.token);
    const ours = await openStream(owner.token);
    expect((await owner.api.del(`/api/household/members/${member.userId}`)).status).toBe(200);
    expect(await endsWithin(theirs, 1000)).toBe(true);
    expect(await endsWithin(ours, 300)).toBe(false);
    const again = await t.app.request('/api/sync/stream', jsonRequest('GET', undefined, member.token));
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual(HOUSEHOLD_LEFT);
    void ours.reader.cancel().catch(() => {});
    ours.controller.abort();
  });

  it('a member offline with unsynced changes: their push hands them in once back online, write-only and within a day', async () => {
    const { owner, member, householdId } = await family(t);
    // Before going offline, both devices agree on a toy.
    expect((await owner.api.post('/api/sync/toys/push', [{ newDocumentState: toy('shared', { title: 'Shared' }) }])).status).toBe(200);
    expect((await owner.api.post('/api/sync/toys/push', [{ newDocumentState: toy('edited-later', { title: 'Edited later' }) }])).status).toBe(200);
    const base = (id: string) => owner.api.get('/api/sync/toys/pull').then((r) => r.body.documents.find((d: { id: string }) => d.id === id));
    const sharedBase = await base('shared');
    const laterBase = await base('edited-later');

    // The member is removed while offline; the owner then edits one toy.
    expect((await owner.api.del(`/api/household/members/${member.userId}`)).status).toBe(200);
    expect((await owner.api.put('/api/private/updatetoy/edited-later', { title: 'Owner changed it' })).status).toBe(200);

    // Back online: the device pushes what it made offline (the client's duty on 403 'left').
    const handIn = await member.api.post('/api/sync/toys/push', [
      { newDocumentState: toy('made-offline', { title: 'Made offline' }) },
      { newDocumentState: { ...sharedBase, caption: 'noted offline' }, assumedMasterState: sharedBase },
      { newDocumentState: { ...laterBase, title: 'Member changed it' }, assumedMasterState: laterBase },
      { newDocumentState: { ...sharedBase, _deleted: true }, assumedMasterState: sharedBase },
    ]);
    expect(handIn.status).toBe(200);
    expect(handIn.body).toEqual([]); // nothing of the household is answered
    expect(decodeURIComponent(handIn.headers.get(SYNC_NOTICE_HEADER) ?? '')).toMatch(/no longer a member.*2 of your changes were handed in.*2 could not be/);
    expect(handIn.headers.get(SYNC_HAND_IN_REFUSED_HEADER)).toBe('2'); // the count a device words itself

    const docs = (await owner.api.get('/api/sync/toys/pull')).body.documents as { id: string; title: string; caption: string; _deleted: boolean; createdBy: string }[];
    expect(docs.find((d) => d.id === 'made-offline')).toMatchObject({ title: 'Made offline', createdBy: member.userId });
    expect(docs.find((d) => d.id === 'shared')).toMatchObject({ caption: 'noted offline', _deleted: false }); // no deletes
    expect(docs.find((d) => d.id === 'edited-later')?.title).toBe('Owner changed it'); // changed since removal: kept

    // Reads stay closed; settings cannot be handed in.
    expect((await member.api.get('/api/sync/toys/pull')).body).toEqual(HOUSEHOLD_LEFT);
    const settings = await member.api.post('/api/sync/settings/push', [
      { newDocumentState: { id: householdId, rotationToysNumber: 1, lastRotationDate: null, tipsDismissed: true, plan: 'free', toysLimit: 100, collectionsLimit: 3 } },
    ]);
    expect(settings.status).toBe(403);

    // A device whose session ran out logs in again (a session of the new household) and names
    // the household it hands in to.
    const relogged = await createSession(t.db, member.userId, t.deps.now());
    expect((await push(relogged, [toy('after-login', { title: 'After login' })], householdId)).status).toBe(200);
    // Without the header, that session's push goes to the person's own household.
    expect((await push(relogged, [toy('own-one')])).status).toBe(200);
    // Naming a household one never left is refused, never written elsewhere.
    const stranger = await family(t);
    expect((await push(relogged, [toy('wrong-place')], stranger.householdId)).status).toBe(403);

    // After the window, the hand-in is refused too (the client keeps them for its own household).
    t.advance(HAND_IN_WINDOW_MS + 1000);
    try {
      const late = await push(await createSession(t.db, member.userId, t.deps.now()), [toy('too-late')], householdId);
      expect(late.status).toBe(403);
      expect(await late.json()).toEqual(HOUSEHOLD_LEFT);
    } finally {
      t.advance(-(HAND_IN_WINDOW_MS + 1000));
    }
    const ids = ((await owner.api.get('/api/sync/toys/pull')).body.documents as { id: string }[]).map((d) => d.id);
    expect(ids).toContain('after-login');
    for (const id of ['too-late', 'own-one', 'wrong-place']) expect(ids).not.toContain(id);
  });

  it('after renewing, the removed person syncs their own household from scratch', async () => {
    const { owner, member } = await family(t);
    await owner.api.post('/api/sync/toys/push', [{ newDocumentState: toy('household-toy') }]);
    await owner.api.del(`/api/household/members/${member.userId}`);
    const renewed = await member.api.post('/api/auth/renew');
    const fresh = apiClient(t, renewed.body.token);
    const me = await fresh.get('/api/auth/me');
    expect(me.body.sessionHouseholdId).toBe(me.body.householdId);
    const pulled = await fresh.get('/api/sync/toys/pull');
    expect(pulled.body.documents).toEqual([]);
    const settings = await fresh.get('/api/sync/settings/pull');
    expect(settings.body.documents[0].id).toBe(me.body.householdId);
  });

  it("a hand-in toy's photo is handed in too (within the window, to the household left), never elsewhere or later", async () => {
    const { owner, member, householdId } = await family(t);
    expect((await owner.api.del(`/api/household/members/${member.userId}`)).status).toBe(200);
    const photo = makePng(3, 3, 91);
    const upload = await putPhoto(member.token, photo);
    expect(upload.status).toBe(201);
    expect((await push(member.token, [toy('with-photo', { mediaId: mediaId(photo) })])).status).toBe(200);
    const doc = ((await owner.api.get('/api/sync/toys/pull')).body.documents as { id: string; mediaId: string | null }[]).find((d) => d.id === 'with-photo');
    expect(doc?.mediaId).toBe(mediaId(photo));
    const held = await t.db.selectFrom('media').select('household_id').where('id', '=', mediaId(photo)).execute();
    expect(held.map((row) => row.household_id)).toEqual([householdId]);
    expect((await t.app.request(`/api/media/${mediaId(photo)}`)).status).toBe(200);

    // A session of the new household names the one left; naming a stranger's is refused.
    const relogged = await createSession(t.db, member.userId, t.deps.now());
    expect((await putPhoto(relogged, makePng(3, 3, 92), householdId)).status).toBe(201);
    const stranger = await family(t);
    const refused = await putPhoto(relogged, makePng(3, 3, 93), stranger.householdId);
    expect(refused.status).toBe(403);
    expect(await t.db.selectFrom('media').select('id').where('id', '=', mediaId(makePng(3, 3, 93))).execute()).toEqual([]);

    t.advance(HAND_IN_WINDOW_MS + 1000);
    try {
      const late = await putPhoto(await createSession(t.db, member.userId, t.deps.now()), makePng(3, 3, 94), householdId);
      expect(late.status).toBe(403);
      expect(await late.json()).toEqual(HOUSEHOLD_LEFT);
    } finally {
      t.advance(-(HAND_IN_WINDOW_MS + 1000));
    }
  });
});
