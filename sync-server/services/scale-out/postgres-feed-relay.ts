import { randomUUID } from 'node:crypto';
import { postgresPool, type DB } from '../../db/database.js';
import type { ChangeFeed } from '../change-feed.js';
import { feedSender } from './feed-sender.js';
import { listenForNotifications } from './feed-listener.js';
import { eventNotification, readNotification } from './feed-wire.js';

// Relays the change feed between server instances through PostgreSQL LISTEN/NOTIFY. A
// notification carries a user id and collection names (feed-wire.ts) and the sending
// instance's id, so an instance skips its own (it delivered them already). Notifications are
// not stored: whenever some may have been missed (the listener reconnected, or another
// instance could not send) the local streams resync: they pull every collection once and
// check their sessions.

export type FeedRelayHandle = {
  /** The channel the instances of this schema share. */
  channel: string;
  /** The server process id of the listening connection (tests end it to force a reconnect). */
  listenerPid(): number | undefined;
  stop(): Promise<void>;
};

export type FeedRelayOptions = {
  log: (line: string) => void;
  /** This instance's id (AppDeps.instanceId); a fresh one by default. */
  origin?: string;
  /** How often the listening connection must answer a `select 1`, and within how long (tests shorten them). */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
};

export async function startPostgresFeedRelay(feed: ChangeFeed, db: DB, options: FeedRelayOptions): Promise<FeedRelayHandle> {
  const pool = postgresPool(db);
  if (!pool) throw new Error('The change-feed relay needs a PostgreSQL database');
  // One channel per schema: instances of one deployment share it, test databases never do.
  const { rows } = await pool.query<{ schema: string }>('select current_schema() as schema');
  const channel = `toy_rotation_feed_${rows[0]?.schema ?? 'public'}`;
  const origin = options.origin ?? randomUUID();

  const receive = (payload: string) => {
    const notification = readNotification(payload);
    if (!notification) return options.log(`change feed: ignored an unreadable notification on ${channel}`);
    if (notification.o === origin) return;
    if ('resync' in notification) feed.resyncAll();
    else feed.deliver(notification.e);
  };

  const listener = await listenForNotifications({
    config: pool.options,
    channel,
    onPayload: receive,
    onReconnect: () => feed.resyncAll(),
    log: options.log,
    heartbeatMs: options.heartbeatMs ?? 10_000,
    heartbeatTimeoutMs: options.heartbeatTimeoutMs ?? 5_000,
  });
  const sender = feedSender(pool, channel, origin, options.log);
  feed.relayTo({ send: (event) => sender.send(eventNotification(origin, event)) });

  return {
    channel,
    listenerPid: listener.pid,
    async stop() {
      feed.relayTo(undefined);
      sender.stop();
      await listener.stop();
    },
  };
}
