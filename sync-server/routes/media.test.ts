import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFilePath, mediaId } from '../services/media/media-store.js';
import { dataUrl, GIF_BYTES, makeJpeg, makePng } from '../test-support/test-images.js';
import { apiClient } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function putMedia(id: string, bytes: Uint8Array, token?: string, type = 'image/jpeg') {
  const headers: Record<string, string> = { 'content-type': type };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.request(`/api/media/${id}`, { method: 'PUT', headers, body: Buffer.from(bytes) });
}

describe('GET /api/media/:id', () => {
  it('serves a stored photo without a token, with its type, private immutable caching, an ETag and nosniff', async () => {
    const user = await seedUser(t.deps);
    const png = makePng(2, 3, 40);
    await apiClient(t, user.token).post('addToy', { data: dataUrl(png, 'image/png'), title: 'Kite' });
    const res = await t.app.request(`/api/media/${mediaId(png)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg'); // re-encoded, whatever was sent
    // Shared caches (proxies, CDNs) must not keep a family's photos; the browser may, for good.
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'jpeg', width: 2, height: 3 });
    const etag = res.headers.get('etag');
    expect(etag).toBe(`"${mediaId(png)}"`);
    const again = await t.app.request(`/api/media/${mediaId(png)}`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await again.text()).toBe('');
    // An ETag for an id nobody stored is not honoured: the 404 says it is gone.
    const unknown = 'b'.repeat(64);
    expect((await t.app.request(`/api/media/${unknown}`, { headers: { 'If-None-Match': `"${unknown}"` } })).status).toBe(404);
  });

  it('answers 404 {error} for unknown and malformed ids', async () => {
    for (const id of ['a'.repeat(64), 'not-an-id', '..%2F..%2Fetc%2Fpasswd']) {
      const res = await t.app.request(`/api/media/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).error).toEqual(expect.any(String));
    }
  });
});

describe('PUT /api/media/:id', () => {
  it('stores raw bytes under their hash, idempotently', async () => {
    const user = await seedUser(t.deps);
    const jpeg = makeJpeg(640, 1000, { seed: 41 });
    const id = mediaId(jpeg);
    const first = await putMedia(id, jpeg, user.token);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ id });
    const file = mediaFilePath(t.dataDir, id);
    expect(path.basename(path.dirname(file))).toBe(id.slice(0, 2));
    const written = fs.statSync(file).mtimeMs;

    const again = await putMedia(id, jpeg, user.token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id });
    expect(fs.statSync(file).mtimeMs).toBe(written);
    expect(fs.readdirSync(path.dirname(file))).toEqual([id]); // no temp files left behind

    const served = await t.app.request(`/api/media/${id}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses without a token, a wrong hash, a GIF, a non-image type and an oversize image', async () => {
    const user = await seedUser(t.deps);
    const png = makePng(2, 2, 42);
    expect((await putMedia(mediaId(png), png)).status).toBe(401);
    const mismatch = await putMedia('b'.repeat(64), png, user.token, 'image/png');
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).error).toMatch(/does not match/);
    expect((await putMedia(mediaId(GIF_BYTES), GIF_BYTES, user.token, 'image/png')).status).toBe(400);
    expect((await putMedia(mediaId(GIF_BYTES), GIF_BYTES, user.token, 'image/gif')).status).toBe(415);
    const big = makeJpeg(10, 10, { padTo: 2 * 1024 * 1024 + 1 });
    expect((await putMedia(mediaId(big), big, user.token)).status).toBe(400);
    const huge = makePng(5000, 5000);
    expect((await putMedia(mediaId(huge), huge, user.token, 'image/png')).status).toBe(400);
    expect((await putMedia('short', png, user.token, 'image/png')).status).toBe(400);
    for (const id of [mediaId(png), mediaId(big), mediaId(huge)]) {
      expect(fs.existsSync(mediaFilePath(t.dataDir, id))).toBe(false);
    }
  });
});

describe('payment stubs', () => {
  it.each(['get_product_status', 'create_checkout_link_premium', 'billing_portal', 'billing_portal/'])(
    '%s needs a token, then answers 503 while payments are not set up',
    async (path) => {
      const user = await seedUser(t.deps);
      expect((await apiClient(t).get(`/api/stripe/${path}`)).status).toBe(401);
      const res = await apiClient(t, user.token).get(`/api/stripe/${path}`);
      expect(res).toMatchObject({ status: 503, body: { error: 'Payments are not set up on this server' } });
    },
  );
});
