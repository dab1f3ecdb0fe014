import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from './env.js';
import { createMediaStore } from './services/media/create-media-store.js';
import { serveUntilExit } from './test-support/failed-start.js';
import { startTestS3, type TestS3 } from './test-support/s3-server.js';

// Bad S3 settings stop `npm run serve` with a message naming the variable, before it answers
// anything (rather than every photo upload failing later). The store checks nothing of the
// database, so this runs once, on SQLite; DATABASE_URL's checks: start-checks.postgres.test.ts.
//
// What is and is not tested: s3rver checks that a bucket exists and that the access key id is
// its own, but not the request signature, so a wrong S3_SECRET_ACCESS_KEY with the right key
// id starts fine against it. Real stores (AWS, MinIO, Garage) answer a wrong secret with 403
// SignatureDoesNotMatch; the last test stands in such a store (any request: 403) to show that a
// 403 takes the same path as a wrong key id.

let s3: TestS3;
let dir = '';
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-start-')));

describe('MEDIA_STORE=s3 at start', () => {
  it('a missing bucket makes `npm run serve` exit, naming S3_BUCKET', async () => {
    const failure = await serveUntilExit({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATABASE_URL: '', DATA_DIR: dataDir() });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/S3_BUCKET: the bucket "no-such-bucket" does not exist at http:\/\/127\.0\.0\.1:\d+\. Create it first\./);
  });

  it('keys the store refuses make `npm run serve` exit, naming the key variables', async () => {
    const failure = await serveUntilExit({ ...s3.env, S3_ACCESS_KEY_ID: 'WRONG', DATABASE_URL: '', DATA_DIR: dataDir() });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toMatch(/S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: http:\/\/127\.0\.0\.1:\d+ refused the keys for bucket "toy-photos"/);
  });

  it('a store that refuses the signature (a wrong secret key) is named the same way', async () => {
    const refusing = http.createServer((_, res) => res.writeHead(403).end());
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    try {
      const env = readEnv({ ...s3.env, S3_ENDPOINT: endpoint, S3_SECRET_ACCESS_KEY: 'not-the-secret', DATA_DIR: dataDir() });
      await expect(createMediaStore(env)).rejects.toThrow(`S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: ${endpoint} refused the keys for bucket "toy-photos"`);
    } finally {
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});
