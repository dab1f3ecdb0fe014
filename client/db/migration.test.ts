import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode, eventually, newUser, startTestServer, type TestServer } from '../sync/test-support.js';
import { COLLECTIONS, openUserDatabase, removeUserDatabase } from './database.js';
import { toyRxSchema } from './rx-schemas.js';
import { addToy, updateToy } from './ops/toys.js';
import { startSync } from '../sync/start-sync.js';

enableDevMode();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('a schema version bump', () => {
  it('keeps 50 writes queued offline, migrates them, and pushes them afterwards', async () => {
    const user = await newUser(server);
    const name = 'migration-test';
    const storage = dexieStorage();
    const v0 = await openUserDatabase(user.userId, { storage, name, multiInstance: false });
    // Synced once, so the replication has state of its own to carry across the migration.
    const first = startSync(v0, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    const synced = await addToy(v0, { title: 'Synced before' });
    await first.awaitInSync();
    await first.stop();
    for (let i = 0; i < 49; i++) await addToy(v0, { title: `Offline ${i}` });
    await updateToy(v0, synced.id, { caption: 'edited offline' }); // the 50th queued write
    await v0.close();

    // The next app version ships toys at version 1, with a strategy for version-0 documents.
    const v1Collections = {
      ...COLLECTIONS,
      toys: {
        schema: { ...toyRxSchema, version: 1 },
        migrationStrategies: { 1: (doc: Record<string, unknown>) => ({ ...doc, caption: `${doc.caption ?? ''}(migrated)` }) },
      },
    };
    const v1 = await openUserDatabase(user.userId, { storage, name, multiInstance: false, collections: v1Collections });
    expect(await v1.toys.count().exec()).toBe(50);
    const sync = startSync(v1, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 50 });
    await eventually(async () => {
      await sync.awaitInSync();
      const rows = await server.t.db.selectFrom('toys').select(['title', 'caption']).where('user_id', '=', user.userId).execute();
      expect(rows).toHaveLength(50);
      expect(rows.filter((row) => row.caption === '(migrated)')).toHaveLength(49);
      expect(rows.find((row) => row.title === 'Synced before')?.caption).toBe('edited offline(migrated)');
    });
    await sync.stop();
    await v1.close();
    await removeUserDatabase(user.userId, { storage, name });
  });
});
