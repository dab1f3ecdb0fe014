import type pg from 'pg';
import { resyncNotification } from './feed-wire.js';

// Sends this instance's change-feed notifications (pg_notify through the shared pool). A send
// that fails (the database restarting, the pool out of connections) is not just logged: the
// other instances' devices would never hear of that change. It is kept and sent again with
// backoff; past MAX_HELD kept notifications they are replaced by one "resync" notification
// (every instance's streams pull everything), which loses nothing either.

/** NOTIFY payloads must stay under 8000 bytes; ours are a few dozen. */
const MAX_PAYLOAD_BYTES = 7900;
const MAX_HELD = 100;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;

export type FeedSender = { send(payload: string): void; stop(): void };

export function feedSender(pool: pg.Pool, channel: string, origin: string, log: (line: string) => void): FeedSender {
  const held = new Set<string>();
  let owesResync = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RETRY_MIN_MS;
  let stopped = false;

  const notify = async (payload: string) => {
    await pool.query('select pg_notify($1, $2)', [channel, payload]);
  };

  const keep = (payload: string) => {
    if (owesResync) return;
    held.add(payload);
    if (held.size > MAX_HELD) {
      held.clear();
      owesResync = true;
    }
  };

  const retry = async () => {
    retryTimer = undefined;
    try {
      if (owesResync) {
        await notify(resyncNotification(origin));
        owesResync = false;
      }
      for (const payload of held) {
        await notify(payload);
        held.delete(payload);
      }
      delay = RETRY_MIN_MS;
      log('change feed: relayed the events held back after a failed send');
    } catch {
      delay = Math.min(delay * 2, RETRY_MAX_MS);
      schedule();
    }
  };

  const schedule = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => void retry(), delay);
  };

  return {
    send(payload) {
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        // Cannot happen with ids and collection names; if it ever does, nobody misses the event.
        log(`change feed: an event of ${payload.length} bytes is too large to relay; asking every instance to resync`);
        owesResync = true;
        schedule();
        return;
      }
      notify(payload).catch((error: unknown) => {
        log(`change feed: could not relay an event (${error instanceof Error ? error.message : String(error)}); retrying`);
        keep(payload);
        schedule();
      });
    },
    stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}
