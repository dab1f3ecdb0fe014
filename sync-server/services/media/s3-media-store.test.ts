import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { startTestS3, type TestS3 } from '../../test-support/s3-server.js';
import { seedUser } from '../../test-support/users.js';
import { mediaId } from './media-store.js';
import { s3MediaStore } from './s3-media-store.js';
import { removeStrayPhotoFiles, STRAY_FILE_GRACE_MS } from './stray-files.js';
import { makeJpeg } from '../../test-support/test-images.js';

// MEDIA_STORE=s3 against a real S3-compatible server (s3rver) on loopback, through the same
// routes as the disk store.

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const put = (app: TestApp, bytes: Uint8Array, token: string) =>
  app.app.request(`/api/media/${mediaId(bytes)}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
    body: Buffer.from(bytes),
  });

const bucket = () =>
  s3MediaStore({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

describe('the S3 media store', () => {
  it('keeps uploaded photos in the bucket (not on disk) and serves them', async () => {
    const user = await seedUser(t.deps);
    const jpeg = makeJpeg(64, 48, { seed: 7 });
    expect((await put(t, jpeg, user.token)).status).toBe(201);
    // What is stored is the server's re-encoding of the upload (decision 010), under the upload's id.
    const stored = await bucket().get(mediaId(jpeg));
    expect(stored?.subarray(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
    expect(fs.existsSync(path.join(t.dataDir, 'media'))).toBe(false);
    const res = await t.app.request(`/api/media/${mediaId(jpeg)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(stored);
  });

  it('serves a photo uploaded through another instance', async () => {
    const second = await createTestApp(s3.env, { sameDatabaseAs: t });
    try {
      const user = await seedUser(t.deps);
      const jpeg = makeJpeg(32, 32, { seed: 8 });
      expect((await put(t, jpeg, user.token)).status).toBe(201);
      const res = await second.app.request(`/api/media/${mediaId(jpeg)}`);
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(await bucket().get(mediaId(jpeg)));
    } finally {
      await second.close();
    }
  });

  it('deletes the objects of a deleted account', async () => {
    const user = await seedUser(t.deps);
    const jpeg = makeJpeg(16, 16, { seed: 9 });
    expect((await put(t, jpeg, user.token)).status).toBe(201);
    const res = await t.app.request('/api/private/deleteUser', jsonRequest('POST', undefined, user.token));
    expect(res.status).toBeLessThan(300);
    expect(await bucket().get(mediaId(jpeg))).toBeNull();
  });

  it('answers 404 for an id it does not have', async () => {
    expect(await bucket().get('0'.repeat(64))).toBeNull();
    expect((await t.app.request(`/api/media/${'0'.repeat(64)}`)).status).toBe(404);
  });

  // Last: it moves the clock past the grace period.
  it('removes objects no media row names once past the grace period; recorded photos stay', async () => {
    const user = await seedUser(t.deps);
    const recorded = makeJpeg(16, 16, { seed: 10 });
    expect((await put(t, recorded, user.token)).status).toBe(201);
    const stray = makeJpeg(16, 16, { seed: 11 });
    await bucket().put(mediaId(stray), stray, 'image/jpeg'); // an object whose row never committed
    expect(await removeStrayPhotoFiles(t.deps)).toBe(0); // its transaction may still be running
    t.advance(STRAY_FILE_GRACE_MS + 60_000);
    expect(await removeStrayPhotoFiles(t.deps)).toBe(1);
    expect(await bucket().get(mediaId(stray))).toBeNull();
    expect(await bucket().get(mediaId(recorded))).not.toBeNull();
  });
});

describe('a bad S3 configuration stops the start, naming the variable', () => {
  it('a missing bucket', async () => {
    await expect(createTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket' })).rejects.toThrow(
      /^S3_BUCKET: the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+/,
    );
  });

  // s3rver checks the access key id but not V4 signatures, so a wrong secret is not tested here;
  // real stores answer both with a 403, which takes the same path.
  it('a wrong access key', async () => {
    await expect(createTestApp({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONG' })).rejects.toThrow(
      /^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: http:\/\/127\.0\.0\.1:\d+ refused the keys for bucket "toy-photos"/,
    );
  });

  it('an unreachable endpoint', async () => {
    await expect(createTestApp({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:9' })).rejects.toThrow(/^S3_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});
