import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../test-support/toys.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { mediaId } from './media-store.js';
import { reencodeImage, UNREADABLE_IMAGE } from './reencode.js';
import { dataUrl, makeJpeg, makePng } from '../../test-support/test-images.js';
import { asHouseholdId } from '../../db/schema.js';

// Issue 10, item 8: photos are decoded and re-encoded, never trusted by their header.

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A tiny file that decodes to width*height*8 bytes: 16-bit RGBA, all zero (it compresses ~1000:1). */
function pngBomb(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16;
  header[9] = 6;
  const raw = Buffer.alloc(height * (1 + width * 8));
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function served(id: string) {
  const res = await t.app.request(`/api/media/${id}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/jpeg');
  return Buffer.from(await res.arrayBuffer());
}

describe('photo re-encoding', () => {
  it('shrinks a large photo to at most 640x1000 JPEG instead of refusing it', async () => {
    const user = await seedUser(t.deps);
    const big = makeJpeg(2400, 3200, { seed: 5 });
    const res = await apiClient(t, user.token).post('addToy', { data: dataUrl(big), title: 'Big' });
    expect(res.status).toBe(200);
    const meta = await sharp(await served(mediaId(big))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 853 });
    const row = await t.db.selectFrom('media').selectAll().where('id', '=', mediaId(big)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mime: 'image/jpeg', width: 640, height: 853 });
  });

  it('serves a small clean image for a decompression bomb, and refuses a bigger one before decoding', async () => {
    const user = await seedUser(t.deps);
    const bomb = pngBomb(2000, 2000); // 32 MB decoded
    expect(bomb.length).toBeLessThan(100_000);
    const put = await t.app.request(`/api/media/${mediaId(bomb)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
      body: Buffer.from(bomb),
    });
    expect(put.status).toBe(201);
    const out = await served(mediaId(bomb));
    expect(out.length).toBeLessThan(50_000);
    expect(await sharp(out).metadata()).toMatchObject({ width: 640, height: 640 });

    const huge = pngBomb(6000, 4500); // 27 MP: over the limit
    await expect(reencodeImage(huge)).rejects.toThrow(UNREADABLE_IMAGE);
  });

  it('drops whatever is appended to a real image, and refuses a signature followed by script', async () => {
    const user = await seedUser(t.deps);
    const api = apiClient(t, user.token);
    const withHtml = new Uint8Array(Buffer.concat([Buffer.from(makePng(16, 16, 9)), Buffer.from('<html><script>alert(1)</script></html>')]));
    expect((await api.post('addToy', { data: dataUrl(withHtml, 'image/png'), title: 'Polyglot' })).status).toBe(200);
    const out = await served(mediaId(withHtml));
    expect(out.toString('latin1')).not.toContain('<script>');

    const fake = new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<script>alert(1)</script>')]));
    const res = await api.post('addToy', { data: dataUrl(fake, 'image/png'), title: 'Fake' });
    expect(res.status).toBe(400);
    expect(await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(user.userId)).execute()).toHaveLength(1);
  });
});
