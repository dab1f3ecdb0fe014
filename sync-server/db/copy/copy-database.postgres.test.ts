import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { registerThroughApi, type Registered } from '../../test-support/register.js';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { mediaId } from '../../services/media/media-store.js';
import { s3MediaStore } from '../../services/media/s3-media-store.js';
import { makeJpeg } from '../../test-support/test-images.js';
import { startTestS3 } from '../../test-support/s3-server.js';
import { copyDatabase } from './copy-database.js';
import { toyDoc } from '../../test-support/docs.js';

// A family server moves from SQLite to PostgreSQL: its devices keep syncing from their
// checkpoints, signed in, without a reset.

let source: TestApp;
let parent: Registered;
beforeEach(async () => {
  source = await createTestApp({}, { dialect: 'sqlite' });
  parent = await registerThroughApi(source.app);
  const toys = ['a', 'b', 'c'].map((id) => ({
    newDocumentState: toyDoc(id, { title: `Toy ${id}`, favorite: id === 'b' }),
  }));
  expect((await push(source, toys)).status).toBe(200);
});
afterEach(async () => {
  await source.close();
});

const push = (t: TestApp, rows: unknown) => t.app.request('/api/sync/toys/push', jsonRequest('POST', rows, parent.token));
async function pull(t: TestApp, checkpoint: unknown = null) {
  const query = checkpoint ? `?checkpoint=${encodeURIComponent(JSON.stringify(checkpoint))}` : '';
  const res = await t.app.request(`/api/sync/toys/pull${query}`, jsonRequest('GET', undefined, parent.token));
  expect(res.status).toBe(200);
  return (await res.json()) as { documents: { id: string }[]; checkpoint: { seq: number; id: string } | null };
}

describe('copyDatabase', () => {
  it('keeps ids, sequences and sessions: a device continues from its checkpoint', async () => {
    const before = await pull(source);
    const target = await createTestApp({}, { dialect: 'postgres' });
    try {
      const report = await copyDatabase(source.db, target.db);
      expect(report.find((r) => r.table === 'users')).toEqual({ table: 'users', rows: 1 });
      expect(report.find((r) => r.table === 'toys')).toEqual({ table: 'toys', rows: 3 });
      // The same session token, the same documents, nothing new after the device's checkpoint.
      expect(await pull(target)).toEqual(before);
      expect(await pull(target, before.checkpoint)).toEqual({ documents: [], checkpoint: before.checkpoint });
      // The change clock went on from where SQLite left it.
      const edit = await push(target, [{ assumedMasterState: before.documents[0], newDocumentState: { ...before.documents[0], title: 'Renamed' } }]);
      expect(edit.status).toBe(200);
      const after = await pull(target, before.checkpoint);
      expect(after.documents.map((d) => d.id)).toEqual([before.documents[0]!.id]);
      expect(after.checkpoint!.seq).toBeGreaterThan(before.checkpoint!.seq);
      // And the password still signs in.
      const login = await target.app.request('/api/auth/login', jsonRequest('POST', { email: parent.email, password: parent.password }));
      expect(login.status).toBe(200);
    } finally {
      await target.close();
    }
  });

  it('refuses a target that already holds accounts, and changes nothing', async () => {
    const target = await createTestApp({}, { dialect: 'postgres' });
    try {
      await copyDatabase(source.db, target.db);
      await expect(copyDatabase(source.db, target.db)).rejects.toThrow('The target database already holds 1 accounts: copy into an empty database (nothing was changed).');
      expect((await pull(target)).documents).toHaveLength(3);
    } finally {
      await target.close();
    }
  });
});

describe('npm run db:copy', () => {
  let target: TestDatabase | undefined;
  afterEach(async () => {
    await target?.close();
  });
  const run = (args: string[], env: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'sync-server/db/copy/copy-command.ts', ...args], {
      env: { ...process.env, ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  it('copies a data dir to a PostgreSQL URL, photos to the bucket of MEDIA_STORE=s3, and says what it copied', async () => {
    const jpeg = makeJpeg(20, 20, { seed: 77 });
    const upload = await source.app.request(`/api/media/${mediaId(jpeg)}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${parent.token}` },
      body: Buffer.from(jpeg),
    });
    expect(upload.status).toBe(201);
    target = await openTestDatabase(undefined, 'postgres');
    const s3 = await startTestS3();
    try {
      const result = await run(['--from', source.dataDir, '--to', target.databaseUrl!], s3.env);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('users: 1 rows');
      expect(result.stdout).toContain('toys: 3 rows');
      expect(result.stdout).toContain('photos: 1 copied to bucket toy-photos');
      const toys = await target.db.selectFrom('toys').select('id').orderBy('id').execute();
      expect(toys.map((t) => t.id)).toEqual(['a', 'b', 'c']);
      const bucket = s3MediaStore({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
      // The photo as stored on the source (the server's re-encoding of the upload), byte for byte.
      expect(await bucket.get(mediaId(jpeg))).toEqual(await source.deps.media.get(mediaId(jpeg)));
    } finally {
      await s3.close();
    }
  });

  it('explains its arguments', async () => {
    const missing = await run(['--from', source.dataDir]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage: npm run db:copy -- --from <SQLite data dir> --to <postgres:// URL of an empty database>');
    const nowhere = await run(['--from', '/nonexistent-toy-data', '--to', 'postgres://127.0.0.1/x']);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('--from: /nonexistent-toy-data holds no toy-rotation.sqlite');
  });
});
