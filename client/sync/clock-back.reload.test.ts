import { afterEach, describe, expect, it, vi } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, newUser, startTestServer, type TestServer } from '../test-support/sync-harness.js';
import { asHouseholdId } from '../../sync-server/db/schema.js';

// Fault 2 of issue 9: a device whose clock ran ahead, then was corrected, made offline edits
// and reloaded; those edits never reached the server. A page load is simulated faithfully by
// a fresh copy of every module (vi.resetModules): RxDB's in-memory clock starts over, while
// the IndexedDB data (fake-indexeddb, global) stays, as in a browser.

const HOUR = 3_600_000;

async function pageLoad() {
  vi.resetModules();
  const database = await import('../db/database.js');
  const sync = await import('./start-sync.js');
  const ops = await import('../db/ops/index.js');
  return { ...database, ...sync, ...ops };
}

let server: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
});

async function serverTitle(userId: string, toyId: string): Promise<string | undefined> {
  const row = await server!.t.db.selectFrom('toys').select('title').where('household_id', '=', asHouseholdId(userId)).where('id', '=', toyId).executeTakeFirst();
  return row?.title;
}

describe('a device clock that went back', () => {
  it('still pushes the writes made after the correction, across an offline reload', async () => {
    server = await startTestServer();
    const user = await newUser(server);
    const name = `clock-back-${Date.now()}`;
    const realNow = Date.now.bind(Date);

    // Load 1: the clock is an hour ahead; a toy is made and pushed.
    const ahead = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + HOUR);
    let app = await pageLoad();
    let db = await app.openUserDatabase(user.userId, { name, multiInstance: false });
    let sync = app.startSync(db, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 20 });
    const toy = await app.addToy(db, { title: 'Blocks' });
    await eventually(async () => expect(await serverTitle(user.userId, toy.id)).toBe('Blocks'));
    await sync.awaitInSync();
    await sync.stop();
    await db.close();

    // Load 2, offline: the clock is correct again; the parent renames the toy.
    ahead.mockRestore();
    app = await pageLoad();
    db = await app.openUserDatabase(user.userId, { name, multiInstance: false });
    await app.updateToy(db, toy.id, { title: 'Wooden blocks' });
    await db.close();

    // Load 3, online: the rename must reach the server.
    app = await pageLoad();
    db = await app.openUserDatabase(user.userId, { name, multiInstance: false });
    sync = app.startSync(db, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 20 });
    try {
      await eventually(async () => expect(await serverTitle(user.userId, toy.id)).toBe('Wooden blocks'), 3000);
    } finally {
      await sync.stop();
      await db.remove();
    }
  }, 20_000);
});
