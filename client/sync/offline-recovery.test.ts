import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, newUser, openDevice, syncTestBed } from '../test-support/sync-harness.js';
import { addToy } from '../db/ops/index.js';
import { TABLES } from '../db/database.js';

// Found by the randomized test (seed 815, decision 015): one request failed (the digest check
// after a change) while the live stream stayed open, and the device said "offline" for good:
// nothing else was due to be sent, and the check that would have found the network again
// waited for the device to be online.

const bed = syncTestBed();
const onlyToys = { toys: TABLES.toys } as typeof TABLES;

describe('a request that fails while the stream stays open', () => {
  it('does not leave the device offline once the network answers again', async () => {
    const user = await newUser(bed.server);
    const device = await openDevice(bed.server, user, { label: 'a', tables: onlyToys });
    bed.devices.push(device);
    const down = { digest: false };
    const sync = device.online({
      fetch: async (input, init) => {
        if (down.digest && String(input).includes('/digest')) throw new TypeError('fetch failed: network is down');
        return fetch(input, init);
      },
    });
    await sync.awaitVerified();
    down.digest = true;
    await addToy(device.db, { title: 'Ball' });
    await eventually(() => expect(sync.getStatus().state).toBe('offline'), 5000);
    down.digest = false; // nothing else fails; the stream never broke
    await eventually(() => expect(sync.getStatus()).toMatchObject({ state: 'online', pending: 0 }), 8000);
  }, 20_000);
});
