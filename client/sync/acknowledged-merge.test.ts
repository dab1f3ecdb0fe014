import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, newUser, openDevice, snapshot, syncTestBed } from '../test-support/sync-harness.js';
import { addToy, updateToy } from '../db/ops/index.js';
import { TABLES } from '../db/database.js';

// Fault 12 of issue 9: a device with an unpushed edit of a toy never received another
// device's change of another field of that toy, while it showed online and 0 waiting.
// The server stores the merge of both and acknowledges the push; the change event makes the
// device pull the merged state, but when that pull lands before the acknowledgement, RxDB
// skips the document (it still has an unpushed local write) and moves its checkpoint past it.

const bed = syncTestBed();
const onlyToys = { toys: TABLES.toys } as typeof TABLES;

/**
 * Pulls and pushes can be cut (the live stream stays up, so change events keep coming), and
 * push answers arrive late, after the pull that the push's change event starts.
 */
function gatedFetch(delayMs: number) {
  const gate = { open: true };
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    const replicating = url.includes('/pull') || url.includes('/push');
    if (replicating && !gate.open) throw new TypeError('fetch failed: network is down');
    // A pull started before the push reaches the server after it (so it carries the merge).
    if (url.includes('/pull')) await new Promise((resolve) => setTimeout(resolve, delayMs / 2));
    const response = await fetch(input, init);
    if (url.includes('/push')) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return response;
  };
  return { gate, fetch: fetchImpl };
}

describe('an acknowledged merge', () => {
  it('reaches the device that pushed it, even when the pull overtakes the acknowledgement', async () => {
    const user = await newUser(bed.server);
    const a = await openDevice(bed.server, user, { label: 'a', tables: onlyToys });
    const b = await openDevice(bed.server, user, { label: 'b', tables: onlyToys });
    bed.devices.push(a, b);
    const net = gatedFetch(300);
    a.online({ fetch: net.fetch });
    b.online();
    const toy = await addToy(a.db, { title: 'Ball' });
    await eventually(async () => expect((await snapshot(b.db)).toys).toHaveLength(1));

    net.gate.open = false; // A edits the title while its pushes and pulls fail
    await updateToy(a.db, toy.id, { title: 'Red ball' });
    await updateToy(b.db, toy.id, { caption: 'in the blue box' });
    await eventually(async () => {
      const row = await bed.server.t.db.selectFrom('toys').select('caption').where('id', '=', toy.id).executeTakeFirstOrThrow();
      expect(row.caption).toBe('in the blue box');
    });
    net.gate.open = true; // A's retries push the title; the server merges in B's caption

    const merged = { title: 'Red ball', caption: 'in the blue box' };
    await eventually(async () => {
      for (const d of [a, b]) expect((await snapshot(d.db)).toys).toEqual([expect.objectContaining(merged)]);
    }, 5000);
  }, 20_000);
});
