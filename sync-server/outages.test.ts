import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaId } from './services/media/media-store.js';
import { startTestS3, type TestS3 } from './test-support/s3-server.js';
import { createTestApp, jsonRequest, type TestApp } from './test-support/test-app.js';
import { dataUrl, makeJpeg } from './test-support/test-images.js';
import { apiClient } from './test-support/toys.js';
import { seedUser } from './test-support/users.js';

// A service the server needs goes down: calls that need it answer 503 with Retry-After and a
// readable {"error"} within a second (never a 500 after the client's retries), nothing is
// written, /api/ready names the part that is down, /api/health stays {"ok":true}; when it comes
// back, the same calls work again. Runs on both databases (the postgres project too).

const ONE_SECOND = 1000;

async function timed(request: () => Response | Promise<Response>) {
  const started = performance.now();
  const res = await request();
  return { res, ms: performance.now() - started, body: (await res.json()) as Record<string, unknown> };
}

function expectUnavailable(answer: Awaited<ReturnType<typeof timed>>, what: RegExp) {
  expect(answer.res.status).toBe(503);
  expect(Number(answer.res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.body.error).toMatch(what);
  expect(answer.ms).toBeLessThan(ONE_SECOND);
}

const photoBody = (bytes: Uint8Array) => ({ method: 'PUT', body: Buffer.from(bytes) });

describe('the photo store (S3) stops', () => {
  let s3: TestS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads, reads and addToy answer 503 at once; readiness names the photo store; all work again when it is back', async () => {
    const user = await seedUser(t.deps);
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'image/jpeg' };
    const stored = makeJpeg(16, 16, { seed: 41 });
    expect((await t.app.request(`/api/media/${mediaId(stored)}`, { ...photoBody(stored), headers })).status).toBe(201);

    await s3.stop();
    const waiting = makeJpeg(16, 16, { seed: 42 });
    expectUnavailable(await timed(() => t.app.request(`/api/media/${mediaId(waiting)}`, { ...photoBody(waiting), headers })), /Photos cannot be stored or shown/);
    expectUnavailable(await timed(() => t.app.request(`/api/media/${mediaId(stored)}`)), /Photos cannot be stored or shown/);
    const add = await timed(() =>
      t.app.request('/api/private/addToy', jsonRequest('POST', { data: dataUrl(makeJpeg(16, 16, { seed: 43 }), 'image/jpeg'), title: 'Kite' }, user.token)),
    );
    expectUnavailable(add, /Photos cannot be stored or shown/);
    expect((await apiClient(t, user.token).get('getusertoys')).body).toEqual([]); // nothing was written

    const ready = await timed(() => t.app.request('/api/ready'));
    expect(ready.res.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, database: 'ok', photoStore: 'unreachable', error: expect.stringMatching(/photo store/) });
    expect(ready.ms).toBeLessThan(2 * ONE_SECOND);
    expect(await (await t.app.request('/api/health')).json()).toEqual({ ok: true });

    await s3.restart();
    expect((await t.app.request(`/api/media/${mediaId(waiting)}`, { ...photoBody(waiting), headers })).status).toBe(201);
    expect((await t.app.request(`/api/media/${mediaId(stored)}`)).status).toBe(200);
    expect(await (await t.app.request('/api/ready')).json()).toEqual({ ok: true, database: 'ok', photoStore: 'ok' });
  });
});

describe('the database connection stops', () => {
  it('every call that needs it answers 503 at once, readiness names the database, liveness stays up', async () => {
    const t = await createTestApp();
    const user = await seedUser(t.deps);
    expect((await t.app.request('/api/ready')).status).toBe(200);
    await t.db.destroy(); // the connection (SQLite's handle, PostgreSQL's pool) is gone

    expectUnavailable(await timed(() => t.app.request('/api/private/getusertoys', jsonRequest('GET', undefined, user.token))), /cannot reach its database/);
    expectUnavailable(await timed(() => t.app.request('/api/auth/login', jsonRequest('POST', { email: user.email, password: 'whatever it is' }))), /cannot reach its database/);
    const photo = makeJpeg(8, 8, { seed: 44 });
    const upload = await timed(() =>
      t.app.request(`/api/media/${mediaId(photo)}`, { ...photoBody(photo), headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/jpeg' } }),
    );
    expectUnavailable(upload, /cannot reach its database/);

    const ready = await timed(() => t.app.request('/api/ready'));
    expect(ready.res.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, database: 'unreachable', photoStore: 'ok' });
    expect(await (await t.app.request('/api/health')).json()).toEqual({ ok: true });
    await t.database.close().catch(() => {});
  });
});
