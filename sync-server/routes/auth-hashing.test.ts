import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASHING_BUSY_MESSAGE } from '../services/auth/hashing-pool.js';
import { dataUrl, makePng } from '../test-support/test-images.js';
import { apiClient } from '../test-support/toys.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

// Issue 10, item 2: 60 parallel logins for unknown emails (each a full-cost scrypt) must not
// starve photo reads or grow memory without bound. The real cost is used on purpose: it is
// what made the photo wait 36 s.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password hashing under a login flood', () => {
  it('hashes a few at a time, answers the overflow 429 with Retry-After, and photos do not wait', async () => {
    const user = await seedUser(t.deps);
    const png = makePng(8, 8, 3);
    const added = await apiClient(t, user.token).post('addToy', { data: dataUrl(png, 'image/png'), title: 'Kite' });
    const photoId = (added.body.toy as { cloudinaryId: string }).cloudinaryId;

    const flood = Array.from({ length: 60 }, (_, i) =>
      t.app.request(
        '/api/auth/login',
        jsonRequest('POST', { email: `nobody${i}@example.com`, password: 'whatever' }),
        { incoming: { socket: { remoteAddress: `203.0.113.${i}` } } },
      ),
    );
    await new Promise((r) => setTimeout(r, 20)); // the hashes are under way
    const started = performance.now();
    const photo = await t.app.request(`/api/media/${photoId}`);
    const photoMs = performance.now() - started;
    expect(photo.status).toBe(200);
    expect(photoMs).toBeLessThan(1000);

    const answers = await Promise.all(flood);
    const busy = answers.filter((r) => r.status === 429);
    expect(answers.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10); // 2 running + 8 waiting
    expect(busy.length).toBeGreaterThanOrEqual(50);
    for (const res of busy) {
      expect(res.headers.get('retry-after')).toBe('2');
      expect(await res.json()).toEqual({ error: HASHING_BUSY_MESSAGE });
    }
  }, 30_000);
});
