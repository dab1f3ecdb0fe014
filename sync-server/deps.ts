import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { AppDeps } from './context.js';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { isPostgres, openDatabase, postgresPool, type DB } from './db/database.js';
import { dkimSettings, type Env } from './env.js';
import { createLogger, lineLogger } from './lib/logger.js';
import { createMetrics, type Metrics } from './lib/metrics.js';
import { ChangeFeed } from './services/change-feed.js';
import { createMailer, type Mailer } from './services/mailer.js';
import { createMediaStore } from './services/media/create-media-store.js';
import { releaseInstanceSlots } from './services/scale-out/live-streams.js';
import { startPostgresFeedRelay, type FeedRelayHandle } from './services/scale-out/postgres-feed-relay.js';

/** What a caller may supply instead of what the configuration would give. */
export type DepsOverrides = {
  /** An open database (the test's); then close() leaves it open. */
  db?: DB;
  mailer?: Mailer;
  /** Tests move time (token expiry, inactivity). */
  now?: () => number;
  /** Where `deps.log` lines go (default: the JSON logger at LOG_LEVEL). */
  log?: (line: string) => void;
  /** Where the JSON log is written (default: standard output); tests read it. */
  logDestination?: DestinationStream;
};

export type ServerDeps = {
  deps: AppDeps;
  /** PostgreSQL only: the LISTEN/NOTIFY relay of the change feed to the other instances. */
  relay?: FeedRelayHandle;
  /** Stops the relay and the media store, gives back this instance's stream slots, closes the database it opened. */
  close(): Promise<void>;
};

/**
 * The one place that builds the server's dependencies from its configuration: the database
 * (migrated), the media store, the change feed (relayed between instances on PostgreSQL) and
 * the mailer. index.ts and the test app (hence every API test) both start through here, and
 * the e2e harness starts index.ts, so tests run what production starts.
 */
export async function createDeps(env: Env, overrides: DepsOverrides = {}): Promise<ServerDeps> {
  const logger = createLogger(env.LOG_LEVEL, overrides.logDestination);
  const lineLog = overrides.log ?? lineLogger(logger);
  const db = overrides.db ?? (await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL }));
  const closeDb = () => (overrides.db ? Promise.resolve() : db.destroy());
  const media = await createMediaStore(env).catch(async (error: unknown) => {
    await closeDb();
    throw error;
  });
  const feed = new ChangeFeed();
  const instanceId = randomUUID();
  let relay: FeedRelayHandle | undefined;
  try {
    relay = isPostgres(db) ? await startPostgresFeedRelay(feed, db, { log: lineLog, origin: instanceId }) : undefined;
  } catch (error) {
    media.close();
    await closeDb();
    throw new Error(`DATABASE_URL: could not listen for changes: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.DATA_DIR, 'outbox'), dkim: dkimSettings(env) ?? undefined, log: lineLog });
  const deps: AppDeps = {
    env,
    db,
    feed,
    media,
    mailer,
    instanceId,
    now: overrides.now ?? Date.now,
    log: lineLog,
    logger,
    metrics: metricsOf(db, instanceId),
  };
  return {
    deps,
    relay,
    async close() {
      await relay?.stop();
      media.close();
      // Its open streams drop with it; their devices reconnect to another instance at once.
      await releaseInstanceSlots(db, instanceId).catch(() => {});
      await closeDb();
    },
  };
}

function metricsOf(db: DB, instanceId: string): Metrics {
  const pool = postgresPool(db);
  return createMetrics({
    async openStreams() {
      const row = await db
        .selectFrom('live_streams')
        .select(sql<number>`count(*)`.as('open'))
        .where('instance_id', '=', instanceId)
        .executeTakeFirst();
      return Number(row?.open ?? 0);
    },
    databasePool: pool && (() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })),
  });
}
