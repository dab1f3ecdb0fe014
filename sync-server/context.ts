import type { DB } from './db/database.js';
import type { Env } from './env.js';
import type { Logger } from './lib/logger.js';
import type { Metrics } from './lib/metrics.js';
import type { ChangeFeed } from './services/change-feed.js';
import type { Mailer } from './services/mailer.js';
import type { MediaStore } from './services/media/media-store.js';
import type { User } from './db/schema.js';
import type { SessionBinding } from './services/auth/session-binding.js';
import type { Owner } from './services/household/owner.js';

/** Everything a route or service needs, built once in index.ts (or by a test). */
export type AppDeps = {
  env: Env;
  db: DB;
  feed: ChangeFeed;
  mailer: Mailer;
  /** Where photo bytes live (disk by default, S3 with MEDIA_STORE=s3). */
  media: MediaStore;
  /**
   * This server process, among the instances sharing the database: it marks the live-stream
   * slots it holds and the change-feed events it relays (so it skips its own).
   */
  instanceId: string;
  /** Injected so tests can move time (token expiry, inactivity). */
  now: () => number;
  /** A line for the log (an "error: ..." line is logged as an error); JSON with the request id, see lib/logger.ts. */
  log: (line: string) => void;
  /** The structured logger behind `log`, for lines with fields. */
  logger: Logger;
  /** Prometheus metrics of this app (lib/metrics.ts). */
  metrics: Metrics;
};

/** Hono typing for routes behind requireUser. */
export type AuthedEnv = { Variables: { user: User; sessionHash: string; binding: SessionBinding } };

/** Hono typing for routes behind requireMember: `owner` is the household the call acts on. */
export type MemberEnv = { Variables: { user: User; sessionHash: string; binding: SessionBinding; owner: Owner } };
