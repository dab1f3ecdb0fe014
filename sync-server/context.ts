import type { DB } from './db/database.js';
import type { Env } from './env.js';
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
  log: (line: string) => void;
};

/** Hono typing for routes behind requireUser. */
export type AuthedEnv = { Variables: { user: User; sessionHash: string; binding: SessionBinding } };

/** Hono typing for routes behind requireMember: `owner` is the household the call acts on. */
export type MemberEnv = { Variables: { user: User; sessionHash: string; binding: SessionBinding; owner: Owner } };
