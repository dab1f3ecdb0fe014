import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy.js';
import { ChangeFeed, type ChangeEvent } from '../change-feed.js';
import { startPostgresFeedRelay, type FeedRelayHandle } from './postgres-feed-relay.js';
import { asHouseholdId } from '../../db/schema.js';

// The relay's listening connection can die without a word (a firewall dropping an idle
// connection, a host dropping packets): no error, no close, notifications just stop coming.
// Here instance 2 reaches PostgreSQL through a proxy whose network the test silences.

let one: TestApp | undefined;
let proxy: TcpProxy | undefined;
let db: DB | undefined;
let relay: FeedRelayHandle | undefined;
afterEach(async () => {
  await relay?.stop();
  await db?.destroy();
  await proxy?.close();
  await one?.close();
});

describe('the change-feed relay on a connection that goes quiet', () => {
  it('notices by its heartbeat, reconnects once the network answers again, and makes the streams resync', async () => {
    one = await createTestApp();
    const direct = new URL(one.database.databaseUrl!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    db = await openDatabase({ dataDir: one.dataDir, databaseUrl: viaProxy.toString(), poolSize: 2, connectTimeoutMs: 1000 });
    const feed = new ChangeFeed();
    const lines: string[] = [];
    relay = await startPostgresFeedRelay(feed, db, { log: (line) => lines.push(line), heartbeatMs: 200, heartbeatTimeoutMs: 500 });
    const userId = 'a-user-on-instance-2';
    const events: ChangeEvent[] = [];
    feed.subscribe(asHouseholdId(userId), (event) => events.push(event));
    one.deps.feed.publish(asHouseholdId(userId), ['toys']);
    await expect.poll(() => events).toEqual([{ kind: 'change', userId, collections: ['toys'] }]);
    const firstListener = relay.listenerPid();

    proxy.freeze();
    await expect.poll(() => lines.join('\n'), { timeout: 5000 }).toContain('lost the PostgreSQL listener (no answer within 500 ms)');
    one.deps.feed.publish(asHouseholdId(userId), ['lists']); // missed: instance 2 is not listening now
    proxy.thaw();
    // Back: it cannot know what it missed, so every stream pulls every collection.
    await expect.poll(() => events.at(-1), { timeout: 10_000 }).toEqual({ kind: 'change', userId, collections: ['toys', 'lists', 'settings', 'rotations'] });
    expect(relay.listenerPid()).not.toBe(firstListener);
    one.deps.feed.publish(asHouseholdId(userId), ['settings']);
    await expect.poll(() => events.at(-1)).toEqual({ kind: 'change', userId, collections: ['settings'] });
  });
});
