import pg from 'pg';

// The connection that LISTENs for the other instances' change-feed notifications. It can die
// loudly (the server ends it: 'error' or 'end') or silently (a firewall or a host that drops
// packets: no error for many minutes, and notifications just stop). TCP keepalive notices the
// silent kind only after the kernel's probes (Linux: 2 h + 11 min by default, or our 10 s +
// 9 x 75 s), so a heartbeat `select 1` with a deadline notices it within seconds. Either way
// the listener reconnects with backoff and then calls `onReconnect`, since notifications sent
// meanwhile are not kept.

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

export type ListenerOptions = {
  /** The pool's connection settings (its connect timeout included). */
  config: pg.ClientConfig;
  channel: string;
  onPayload(payload: string): void;
  onReconnect(): void;
  log(line: string): void;
  /** How often the connection is asked to answer, and how long it may take. */
  heartbeatMs: number;
  heartbeatTimeoutMs: number;
};

export type FeedListener = { pid(): number | undefined; stop(): Promise<void> };

export async function listenForNotifications(options: ListenerOptions): Promise<FeedListener> {
  let listener: pg.Client | undefined;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;
  let beating = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ ...options.config, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client.on('notification', (message) => {
      if (message.channel === options.channel && message.payload) options.onPayload(message.payload);
    });
    client.on('error', () => lost(client, 'its connection failed'));
    client.on('end', () => lost(client, 'its connection ended'));
    try {
      await client.connect();
      await client.query(`listen "${options.channel}"`);
    } catch (error) {
      drop(client);
      throw error;
    }
    if (stopped) return drop(client);
    listener = client;
    delay = RECONNECT_MIN_MS;
  };

  const lost = (client: pg.Client, why: string) => {
    if (stopped || listener !== client) return;
    listener = undefined;
    drop(client);
    options.log(`change feed: lost the PostgreSQL listener (${why}); reconnecting`);
    const attempt = () => {
      retryTimer = undefined;
      if (stopped) return;
      connect().then(
        () => {
          options.log('change feed: listening again; open streams resync');
          options.onReconnect();
        },
        () => {
          delay = Math.min(delay * 2, RECONNECT_MAX_MS);
          retryTimer = setTimeout(attempt, delay);
        },
      );
    };
    retryTimer = setTimeout(attempt, delay);
  };

  const heartbeat = setInterval(() => {
    const client = listener;
    if (!client || beating) return;
    beating = true;
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      deadline = setTimeout(() => reject(new Error('timeout')), options.heartbeatTimeoutMs);
    });
    Promise.race([client.query('select 1'), timedOut])
      .catch(() => lost(client, `no answer within ${options.heartbeatTimeoutMs} ms`))
      .finally(() => {
        clearTimeout(deadline);
        beating = false;
      });
  }, options.heartbeatMs);
  heartbeat.unref();

  try {
    await connect();
  } catch (error) {
    clearInterval(heartbeat);
    throw error;
  }
  return {
    pid: () => (listener as { processID?: number } | undefined)?.processID,
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/** Ends a client without waiting for a server that may never answer (its socket is destroyed). */
function drop(client: pg.Client): void {
  void client.end().catch(() => {});
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
