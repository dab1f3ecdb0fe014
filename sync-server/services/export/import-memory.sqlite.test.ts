import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { IMPORT_MEMORY_BUDGET_BYTES } from './import-budget.js';

// Imports hold at most about 64 MB together, however many run at once (decision 029): zip
// bombs posted in parallel by many accounts are refused (400) or told the server is busy
// (503), never answered 500, while the memory the imports reserve stays within the budget and
// the process grows by about that much at most. (Before, two accounts posting a 353 KB zip that
// unpacked to 364 MB took a server from 189 to 594 MB.) Memory does not depend on the database:
// this runs on SQLite only.

const MB = 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * "Photos" of 15 MB of zeros each, about 1,000 times their packed size (the app's own reader
 * inflates up to 15 MB a file); three keep the test quick, the server stops at the first.
 */
function photoBomb(): Uint8Array {
  const zeros = new Uint8Array(15 * MB - 1);
  const files: Record<string, [Uint8Array, { level: 9 }]> = {};
  for (let i = 0; i < 3; i++) files[`photos/${String(i).padStart(64, 'a')}.jpg`] = [zeros, { level: 9 }];
  files['toy-rotation.json'] = [strToU8(JSON.stringify({ format: 'toy-rotation-export', version: 1, collections: {} })), { level: 9 }];
  return zipSync(files);
}

/** A toy-rotation.json of 15 MB of spaces: text is held, so it takes most of the budget. */
function textBomb(): Uint8Array {
  return zipSync({ 'toy-rotation.json': [strToU8(`${' '.repeat(15 * MB)}{}`), { level: 9 }] });
}

const post = (token: string, zip: Uint8Array) =>
  t.app.request('/api/private/import', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/zip' },
    body: zip as Uint8Array<ArrayBuffer>,
  });

describe('imports in parallel', () => {
  it('hold at most the 64 MB budget together, and the process grows by about that much at most', async () => {
    const photos = photoBomb();
    const text = textBomb();
    expect(photos.length).toBeLessThan(100 * 1024);
    const users = await Promise.all(Array.from({ length: 10 }, () => seedUser(t.deps)));

    const baseline = process.memoryUsage().rss;
    let peakRss = baseline;
    let peakReserved = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      void t.deps.metrics.importMemoryBytes.get().then((gauge) => (peakReserved = Math.max(peakReserved, gauge.values[0]?.value ?? 0)));
    }, 5);
    const answers = await Promise.all(users.map((user, i) => post(user.token, i % 3 === 0 ? text : photos)));
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 400 || status === 503), statuses.join(',')).toBe(true);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0);
    for (const res of answers) {
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(res.status === 503 ? /busy with other imports/ : /larger than 2 MB|unpacks to more than|Nothing was imported|not a Toy Rotation export/);
      if (res.status === 503) expect(res.headers.get('retry-after')).toBe('60');
    }
    expect(peakReserved).toBeGreaterThan(0);
    expect(peakReserved).toBeLessThanOrEqual(IMPORT_MEMORY_BUDGET_BYTES);
    // The reservation is what the imports may hold; the heap's own slack comes on top.
    expect(peakRss - baseline, `the process grew by ${Math.round((peakRss - baseline) / MB)} MB`).toBeLessThan(IMPORT_MEMORY_BUDGET_BYTES + 48 * MB);
    expect(await t.deps.metrics.importMemoryBytes.get()).toMatchObject({ values: [{ value: 0 }] }); // all given back
  }, 120_000);
});
