import { describe, expect, it } from 'vitest';
import { SYNC_MAX_BATCH } from '../../shared/schemas/sync.js';
import { toyDoc } from '../../sync-server/test-support/docs.js';
import { enableDevMode, eventually, newUser, openDevice, syncTestBed } from '../test-support/sync-harness.js';

// A pull takes as many documents per page as the server gives (SYNC_MAX_BATCH), and goes on
// while pages come back full: a device joining a household with more toys than one page holds
// gets every one of them.

enableDevMode();

const bed = syncTestBed();

async function pushFromElsewhere(token: string, docs: unknown[]): Promise<void> {
  for (let i = 0; i < docs.length; i += SYNC_MAX_BATCH) {
    const rows = docs.slice(i, i + SYNC_MAX_BATCH).map((doc) => ({ newDocumentState: doc }));
    const res = await fetch(`${bed.server.baseUrl}/api/sync/toys/push`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(rows),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

describe('pulling more than one page', () => {
  it('brings every toy, in pages the size the server allows', async () => {
    const user = await newUser(bed.server, 'paid');
    const count = SYNC_MAX_BATCH + 50; // under the per-account cap of toys in use
    await pushFromElsewhere(user.token, Array.from({ length: count }, (_, i) => toyDoc(`many-${i}`, { title: `Toy ${i}`, createdAt: 1000 + i })));
    const pageSizes: number[] = [];
    const device = await openDevice(bed.server, user, { label: 'joining' });
    bed.devices.push(device);
    device.online({
      fetch: async (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input));
        if (url.pathname === '/api/sync/toys/pull') pageSizes.push(Number(url.searchParams.get('batchSize')));
        return fetch(input, init);
      },
    });
    await eventually(async () => expect(await device.db.toys.count().exec()).toBe(count), 20_000);
    expect(pageSizes.length).toBeGreaterThanOrEqual(2); // a full page asks for the next
    expect(new Set(pageSizes)).toEqual(new Set([SYNC_MAX_BATCH]));
  });
});
