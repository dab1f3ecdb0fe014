import { afterEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, memoryStorage } from '../test-support/sync-harness.js';
import type { RxStorage } from 'rxdb';
import { openUserDatabase, TABLES, type ToyDatabase } from '../db/database.js';
import { addToy, updateToy } from '../db/ops/index.js';
import { trackPendingChanges } from './pending-changes.js';
import { openSyncRecords } from './engine/sync-records.js';
import { toysEngine } from '../test-support/toys-engine.js';
import type { SyncedDoc } from './rx-types.js';

// "Changes waiting" (issue 9, fault 10; decision 007) on its own: a document waits while it
// differs from the state last agreed with the server, so the count clears once a push is
// acknowledged, clears without any push when the data is set back to what the server has,
// and survives a reload. The server here is a map behind a fetch the sync engine calls.

const onlyToys = { toys: TABLES.toys } as typeof TABLES;
const open: { close(): Promise<unknown> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** A server of one table: pulls bring nothing, pushes are stored while `network.up`. */
function mapServer(server: Map<string, SyncedDoc>, network: { up: boolean }): typeof fetch {
  return async (input, init) => {
    if (!network.up) throw new TypeError('fetch failed: network is down');
    if (String(input).includes('/pull')) return Response.json({ documents: [], checkpoint: null });
    const rows = JSON.parse(String(init?.body)) as { newDocumentState: SyncedDoc }[];
    for (const row of rows) server.set(row.newDocumentState.id as string, row.newDocumentState);
    return Response.json([]);
  };
}

/** A page load: the database over `storage`, syncing its toys to `server` while `network.up`. */
async function page(storage: RxStorage<unknown, unknown>, name: string, server: Map<string, SyncedDoc>, network: { up: boolean }) {
  const db: ToyDatabase = await openUserDatabase('household', { name, storage, multiInstance: false, tables: onlyToys });
  const records = openSyncRecords(name);
  const replication = toysEngine(db, records, mapServer(server, network));
  replication.start();
  const counts: number[] = [];
  const tracker = trackPendingChanges({ tables: { toys: db.collections.toys }, records, onChange: (count) => counts.push(count), pollMs: 20 });
  open.push(db, records, { close: () => replication.cancel() }, tracker);
  await tracker.ready;
  return { db, replication, tracker, counts };
}

describe('changes waiting (pending-changes.ts)', () => {
  it('counts a local write until the server acknowledges it', async () => {
    const server = new Map<string, SyncedDoc>();
    const network = { up: false };
    const { db, tracker, counts } = await page(memoryStorage(), 'pending-ack', server, network);
    const toy = await addToy(db, { title: 'Ball' });
    await eventually(() => expect(tracker.count()).toBe(1));
    expect(tracker.countOf('toys')).toBe(1);
    expect(tracker.idsOf('toys')).toEqual([toy.id]);
    expect(counts.at(-1)).toBe(1);

    network.up = true;
    await eventually(() => expect(server.get(toy.id)).toMatchObject({ title: 'Ball' }));
    await eventually(() => expect(tracker.count()).toBe(0)); // the poll finds the acknowledgement
    expect(counts.at(-1)).toBe(0);
    expect(tracker.idsOf('toys')).toEqual([]);
  });

  it('stops counting a document set back to the state the server has, with nothing sent (not stuck at 1)', async () => {
    const server = new Map<string, SyncedDoc>();
    const network = { up: true };
    const { db, replication, tracker } = await page(memoryStorage(), 'pending-same', server, network);
    const toy = await addToy(db, { title: 'Ball' });
    await replication.awaitInSync();
    await eventually(() => expect(tracker.count()).toBe(0));

    network.up = false;
    await updateToy(db, toy.id, { title: 'Red ball' });
    await eventually(() => expect(tracker.count()).toBe(1));
    await updateToy(db, toy.id, { title: 'Ball' }); // identical to the server's again
    await eventually(() => expect(tracker.count()).toBe(0));
    expect(server.get(toy.id)).toMatchObject({ title: 'Ball' });
  });

  it('still counts, after a reload, what was never sent', async () => {
    const storage = memoryStorage();
    const server = new Map<string, SyncedDoc>();
    const network = { up: false };
    const first = await page(storage, 'pending-reload', server, network);
    await addToy(first.db, { title: 'Ball' });
    await addToy(first.db, { title: 'Kite' });
    await eventually(() => expect(first.tracker.count()).toBe(2));
    for (const item of open.splice(0).reverse()) await item.close();

    const second = await page(storage, 'pending-reload', server, network);
    expect(second.tracker.count()).toBe(2); // from the stored states, before anything is sent
    expect(second.counts).toEqual([2]);
    expect(server.size).toBe(0);
  });
});
