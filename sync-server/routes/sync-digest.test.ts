import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncDigestSchema } from '../../shared/schemas/sync.js';
import { tableDigest } from '../../shared/sync/digest.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

// Decision 007: GET /api/sync/{table}/digest and POST /push?restoredFrom=N.

let t: TestApp;
let user: { userId: string; token: string };
beforeEach(async () => {
  t = await createTestApp();
  user = await seedUser(t.deps);
});
afterEach(async () => t.close());

const toy = (id: string, fields: Record<string, unknown> = {}) => ({
  id, title: 'Blocks', categoryId: 'uncategorized', caption: '', mediaId: null, collectionIds: [], excluded: false,
  favorite: false, createdAt: 1000, lastRotatedAt: null, location: null, retired: false, feedback: null, _deleted: false, ...fields,
});

async function call(method: string, path: string, body?: unknown, token: string | undefined = user.token) {
  const res = await t.app.request(path, jsonRequest(method, body, token));
  return { status: res.status, body: (await res.json()) as any };
}

describe('GET /api/sync/:table/digest', () => {
  it('is the digest of what a full pull gives, with the checkpoint a caught-up device holds', async () => {
    await call('POST', '/api/sync/toys/push', [{ newDocumentState: toy('t1') }, { newDocumentState: toy('t2', { title: 'Kite' }) }]);
    await call('POST', '/api/sync/toys/push', [{ newDocumentState: toy('t2', { title: 'Kite', _deleted: true }), assumedMasterState: toy('t2', { title: 'Kite' }) }]);
    const pulled = await call('GET', '/api/sync/toys/pull');
    const digest = await call('GET', '/api/sync/toys/digest');
    expect(digest.status).toBe(200);
    expect(digest.body).toEqual({ ...tableDigest(pulled.body.documents), checkpoint: pulled.body.checkpoint });
    expect(digest.body.count).toBe(1);
    for (const name of ['lists', 'settings', 'rotations']) {
      const all = await call('GET', `/api/sync/${name}/pull`);
      const d = await call('GET', `/api/sync/${name}/digest`);
      expect(d.body).toEqual({ ...tableDigest(all.body.documents), checkpoint: all.body.checkpoint });
    }
    // The shape /api/openapi.json describes.
    expect(syncDigestSchema.parse(digest.body)).toEqual(digest.body);
  });

  it('needs a session and a known collection', async () => {
    expect((await call('GET', '/api/sync/toys/digest', undefined, 'nope')).status).toBe(401);
    expect((await call('GET', '/api/sync/nope/digest')).status).toBe(404);
  });
});

describe('POST /api/sync/:table/push?restoredFrom=N', () => {
  it('takes the device fields for rows unchanged since N, keeps rows changed since, and creates lost rows', async () => {
    await call('POST', '/api/sync/toys/push', [{ newDocumentState: toy('old') }, { newDocumentState: toy('edited') }]);
    const since = Number((await t.db.selectFrom('change_clock').select('value').executeTakeFirstOrThrow()).value) + 1;
    await call('POST', '/api/sync/toys/push', [{ newDocumentState: toy('edited', { caption: 'after' }), assumedMasterState: toy('edited') }]);
    const res = await call('POST', `/api/sync/toys/push?restoredFrom=${since}`, [
      { newDocumentState: toy('old', { title: 'Lost rename' }) },
      { newDocumentState: toy('edited', { title: 'Stale' }) },
      { newDocumentState: toy('lost', { title: 'Lost toy' }) },
    ]);
    expect(res.status).toBe(200);
    const docs = new Map((await call('GET', '/api/sync/toys/pull')).body.documents.map((d: any) => [d.id, d]));
    expect((docs.get('old') as any).title).toBe('Lost rename');
    expect(docs.get('edited')).toMatchObject({ title: 'Blocks', caption: 'after' });
    expect((docs.get('lost') as any).title).toBe('Lost toy');
  });

  it('refuses a push whose x-sync-checkpoint is from a history the server lost, and stores nothing', async () => {
    const lost = { seq: 50, id: 'x', epoch: `${(Date.now() - 1000).toString(36)}-gone` };
    const res = await t.app.request('/api/sync/toys/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-sync-checkpoint': JSON.stringify(lost) },
      body: JSON.stringify([{ newDocumentState: toy('t1') }]),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.any(String), reset: { restoredFrom: expect.any(Number) } });
    expect((await call('GET', '/api/sync/toys/pull')).body.documents).toEqual([]);
    const current = (await call('GET', '/api/sync/toys/pull')).body.checkpoint;
    const ok = await t.app.request('/api/sync/toys/push', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'x-sync-checkpoint': JSON.stringify(current) },
      body: JSON.stringify([{ newDocumentState: toy('t1') }]),
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a restoredFrom that is not a sequence number', async () => {
    expect((await call('POST', '/api/sync/toys/push?restoredFrom=abc', [])).status).toBe(400);
  });
});
