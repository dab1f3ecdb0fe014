import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { makePng } from '../../test-support/test-images.js';
import { mediaId } from './media-store.js';
import { asHouseholdId } from '../../db/schema.js';

// Photos stored before uploads were re-encoded (migration 1100 marks their rows reencoded = 0)
// are never served as they were uploaded (decision 010).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SCRIPT = '<script>alert(1)</script>';

/** A file as an old server stored it: the client's bytes, a row saying so. */
async function storeLegacy(userId: string, bytes: Uint8Array, mime = 'image/png') {
  const id = mediaId(bytes);
  await t.deps.media.put(id, bytes, mime);
  await t.db.insertInto('media').values({ household_id: asHouseholdId(userId), id, mime, bytes: bytes.length, width: 4, height: 4, created_at: 1, reencoded: 0 }).execute();
  return id;
}

const withHtml = (seed: number) => new Uint8Array([...makePng(4, 4, seed), ...new TextEncoder().encode(SCRIPT)]);
const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

describe('photos stored before re-encoding', () => {
  it('are re-encoded on their first read, stored clean and never served raw', async () => {
    const user = await seedUser(t.deps);
    const id = await storeLegacy(user.userId, withHtml(1));
    const res = await t.app.request(`/api/media/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const served = new Uint8Array(await res.arrayBuffer());
    expect(isJpeg(served)).toBe(true);
    expect(Buffer.from(served).includes(SCRIPT)).toBe(false);
    expect(await t.deps.media.get(id)).toEqual(served); // stored in place of the raw file
    expect(await t.db.selectFrom('media').select(['mime', 'reencoded', 'bytes']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
      mime: 'image/jpeg',
      reencoded: 1,
      bytes: served.length,
    });
    expect(new Uint8Array(await (await t.app.request(`/api/media/${id}`)).arrayBuffer())).toEqual(served);
  });

  it('one that no longer decodes is not served (its bytes stay stored)', async () => {
    const user = await seedUser(t.deps);
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode(SCRIPT)]);
    const id = await storeLegacy(user.userId, fake);
    const res = await t.app.request(`/api/media/${id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(SCRIPT);
    expect(await t.deps.media.get(id)).toEqual(fake);
  });

  it('a new upload of the same bytes replaces the raw file with the clean one, for every account that has it', async () => {
    const [old, next] = [await seedUser(t.deps), await seedUser(t.deps)];
    const raw = withHtml(2);
    const id = await storeLegacy(old.userId, raw);
    const upload = await t.app.request(`/api/media/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${next.token}`, 'content-type': 'image/png' },
      body: Buffer.from(raw),
    });
    expect(upload.status).toBe(201);
    const stored = (await t.deps.media.get(id))!;
    expect(isJpeg(stored)).toBe(true);
    const rows = await t.db.selectFrom('media').select(['household_id', 'reencoded', 'mime']).where('id', '=', id).execute();
    expect(rows.map((row) => [row.reencoded, row.mime])).toEqual([
      [1, 'image/jpeg'],
      [1, 'image/jpeg'],
    ]);
    expect(new Uint8Array(await (await t.app.request(`/api/media/${id}`)).arrayBuffer())).toEqual(stored);
  });
});
