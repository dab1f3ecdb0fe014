import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { runDailyCleanup } from '../account/cleanup.js';
import { mediaFilePath, mediaId } from './media-store.js';
import { STRAY_FILE_GRACE_MS } from './stray-files.js';
import { makeJpeg } from '../../test-support/test-images.js';

// A photo file no media row names (a write refused or rolled back after its file was stored, a
// crash mid-write) is removed by the daily job once past a grace period; a file whose
// transaction may still be running is left alone, and a recorded photo always stays.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('stray photo files (disk store)', () => {
  it('are removed a grace period after they were written; recorded photos stay', async () => {
    const user = await seedUser(t.deps);
    const recorded = makeJpeg(16, 16, { seed: 31 });
    const put = await t.app.request(`/api/media/${mediaId(recorded)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/jpeg' },
      body: Buffer.from(recorded),
    });
    expect(put.status).toBe(201);
    const stray = makeJpeg(16, 16, { seed: 32 });
    await t.deps.media.put(mediaId(stray), stray, 'image/jpeg'); // a file whose row never committed
    const leftover = `${mediaFilePath(t.dataDir, mediaId(stray))}.0a1b2c3d4e5f.tmp`; // a write cut by a crash
    fs.writeFileSync(leftover, 'half a photo');

    // Within the grace period its transaction may still be running: nothing goes.
    expect((await runDailyCleanup(t.deps)).strayPhotoFilesRemoved).toBe(0);
    expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(stray)))).toBe(true);

    t.advance(STRAY_FILE_GRACE_MS + 60_000);
    expect((await runDailyCleanup(t.deps)).strayPhotoFilesRemoved).toBe(2);
    expect(fs.existsSync(mediaFilePath(t.dataDir, mediaId(stray)))).toBe(false);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.readdirSync(path.dirname(mediaFilePath(t.dataDir, mediaId(recorded))))).toContain(mediaId(recorded));
    expect((await t.app.request(`/api/media/${mediaId(recorded)}`)).status).toBe(200);
  });

  it('keep a file rewritten after the sweep listed it (an upload of the same bytes in flight)', async () => {
    const stray = makeJpeg(16, 16, { seed: 33 });
    const id = mediaId(stray);
    const file = mediaFilePath(t.dataDir, id);
    const longAgo = new Date(Date.now() - 2 * STRAY_FILE_GRACE_MS);
    await t.deps.media.put(id, stray, 'image/jpeg');
    fs.utimesSync(file, longAgo, longAgo); // listed as stray...
    await t.deps.media.put(id, stray, 'image/jpeg'); // ...then rewritten: its row may be about to commit
    const writtenBefore = Date.now() - STRAY_FILE_GRACE_MS;
    await t.deps.media.delete(id, { writtenBefore });
    expect(fs.existsSync(file)).toBe(true);
    fs.utimesSync(file, longAgo, longAgo);
    await t.deps.media.delete(id, { writtenBefore });
    expect(fs.existsSync(file)).toBe(false);
  });
});
