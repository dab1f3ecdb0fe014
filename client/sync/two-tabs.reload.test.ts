import { afterEach, describe, expect, it, vi } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, newUser, startTestServer, type TestServer } from '../test-support/sync-harness.js';

// Fault 10 of issue 9: "Changes waiting" never cleared in a tab that does not replicate.
// Two tabs of one browser: two fresh copies of the app's modules (as two page loads are),
// one IndexedDB (fake-indexeddb) and one BroadcastChannel between them.

async function tab() {
  vi.resetModules();
  const database = await import('../db/database.js');
  const sync = await import('./start-sync.js');
  const ops = await import('../db/ops/index.js');
  return { ...database, ...sync, ...ops };
}

let server: TestServer | undefined;
afterEach(async () => server?.close());

describe('two tabs', () => {
  it('changes made in the tab that does not replicate stop waiting there once the other tab pushed them', async () => {
    server = await startTestServer();
    const user = await newUser(server);
    const name = `tabs-${Date.now()}`;
    const only = (app: Awaited<ReturnType<typeof tab>>) => ({ toys: app.TABLES.toys }) as typeof app.TABLES;
    const first = await tab();
    const leaderDb = await first.openUserDatabase(user.userId, { name, tables: only(first) });
    const leader = first.startSync(leaderDb, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 20 });
    await leaderDb.waitForLeadership();
    const second = await tab();
    const otherDb = await second.openUserDatabase(user.userId, { name, tables: only(second) });
    const other = second.startSync(otherDb, { baseUrl: server.baseUrl, getToken: () => user.token, retryMs: 20 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(otherDb.isLeader()).toBe(false);
      const toy = await second.addToy(otherDb, { title: 'Ball' });
      await second.updateToy(otherDb, toy.id, { title: 'Red ball' });
      await eventually(async () => {
        const row = await server!.t.db.selectFrom('toys').select('title').where('id', '=', toy.id).executeTakeFirst();
        expect(row?.title).toBe('Red ball');
      });
      await eventually(() => expect(other.getStatus()).toMatchObject({ pending: 0, state: 'online' }), 5000);
      await eventually(() => expect(leader.getStatus()).toMatchObject({ pending: 0, state: 'online' }), 5000);
    } finally {
      await other.stop();
      await leader.stop();
      await otherDb.close();
      await leaderDb.remove();
    }
  }, 20_000);
});
