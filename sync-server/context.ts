import type { DB } from './db/database.js';
import type { Env } from './env.js';
import type { ChangeFeed } from './services/change-feed.js';
import type { Mailer } from './services/mailer.js';
import type { User } from './db/schema.js';

/** Everything a route or service needs, built once in index.ts (or by a test). */
export type AppDeps = {
  env: Env;
  db: DB;
  feed: ChangeFeed;
  mailer: Mailer;
  /** Injected so tests can move time (token expiry, inactivity). */
  now: () => number;
  log: (line: string) => void;
};

/** Hono typing for routes behind requireUser. */
export type AuthedEnv = { Variables: { user: User; sessionHash: string } };
