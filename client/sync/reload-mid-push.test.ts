import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, eventually, newUser, syncTestBed } from '../test-support/sync-harness.js';
import { addToy, updateToy } from '../db/ops/index.js';
import { TABLES, openUserDatabase } from '../db/database.js';
import { startSync } from './start-sync.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

// Found by the randomized test's offline reloads (decision 007, "Bases survive reloads"): a
// page closed while a push was in flight loses the push's answer; RxDB then has no base for
// the document, and an edit made after the reload was pushed without one, which the server
// takes for a replayed create (its stored state wins): the edit was lost.

const bed = syncTestBed();
const onlyToys = { toys: TABLES.toys } as typeof TABLES;

/** Push answers that never arrive while `hold.on`: the server stores the push, the page never hears back. */
function answersLost() {
  const hold = { on: false };
  const fetchImpl: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (hold.on && String(input).includes('/push')) await new Promise(() => {});
    return response;
  };
  return { hold, fetch: fetchImpl };
}

async function serverToy(userId: string, id: string) {
  return bed.server.t.db.selectFrom('toys').selectAll().where('household_id', '=', asHouseholdId(userId)).where('id', '=', id).executeTakeFirst();
}

describe('a reload while a push is in flight', () => {
  it('keeps the edits made after the reload', async () => {
    const user = await newUser(bed.server);
    const storage = dexieStorage();
    const name = `mid-push-${Date.now()}`;
    const net = answersLost();
    let db = await openUserDatabase(user.userId, { name, storage, multiInstance: false, tables: onlyToys });
    let sync = startSync(db, { baseUrl: bed.server.baseUrl, getToken: () => user.token, retryMs: 20, fetch: net.fetch });
    await sync.awaitInSync();
    net.hold.on = true;
    const toy = await addToy(db, { title: 'Ball' });
    await eventually(async () => expect((await serverToy(user.userId, toy.id))?.title).toBe('Ball')); // stored, never answered
    void sync.stop(); // the page closes mid-push
    await db.close();

    // Reload, offline: the parent renames the toy and notes where it is.
    db = await openUserDatabase(user.userId, { name, storage, multiInstance: false, tables: onlyToys });
    await updateToy(db, toy.id, { title: 'Red ball', location: 'shelf' });
    net.hold.on = false;
    sync = startSync(db, { baseUrl: bed.server.baseUrl, getToken: () => user.token, retryMs: 20, fetch: net.fetch });
    try {
      await eventually(async () => expect(await serverToy(user.userId, toy.id)).toMatchObject({ title: 'Red ball', location: 'shelf' }), 5000);
      await sync.awaitVerified();
    } finally {
      await sync.stop();
      await db.remove();
    }
  }, 20_000);
});
