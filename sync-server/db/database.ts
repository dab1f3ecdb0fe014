import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { rememberSqliteFile, setIncrementalVacuum } from '../services/storage/sqlite-vacuum.js';
import { beginEpoch } from '../services/sync/epochs.js';
import { withCachedStatements } from './cached-statements.js';
import { guardedPool, guardWork, postgresProbe, type ReachabilityProbe } from './reachability-guard.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;

// bigint columns hold epoch ms and change-clock sequences, far below 2^53: read them as
// numbers on PostgreSQL too (better-sqlite3 already does), and count(*) with them.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/** The pg pool behind a PostgreSQL database (rate limits and the change-feed relay use it). */
const pools = new WeakMap<DB, pg.Pool>();
const probes = new WeakMap<DB, ReachabilityProbe>();

export function postgresPool(db: DB): pg.Pool | undefined {
  return pools.get(db);
}

/**
 * For work on PostgreSQL that does not go through Kysely (the rate limiters): the wait ends as
 * 503 once the database is found unreachable (decision 049). As it is for SQLite.
 */
export function reachabilityGuard(db: DB): <T>(work: Promise<T>) => Promise<T> {
  const probe = probes.get(db);
  return probe ? (work) => guardWork(work, probe) : (work) => work;
}

export function isPostgres(db: DB): boolean {
  return pools.has(db);
}

/** How long opening one PostgreSQL connection (or waiting for a free one) may take. */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens the database and migrates it: SQLite in dataDir (WAL, foreign keys on, a busy
 * timeout so a second process waits rather than failing), or PostgreSQL when a
 * DATABASE_URL is given. This is the only place dialect-specific setup lives.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string; poolSize?: number; connectTimeoutMs?: number }): Promise<DB> {
  if (!options.databaseUrl) {
    const file = openSqliteFile(options.dataDir);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withCachedStatements(file) }) });
    rememberSqliteFile(db, file);
    await migrateToLatest(db);
    await beginEpoch(db, Date.now());
    return db;
  }
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    // A host that drops packets would leave a connection attempt (the start's first of all)
    // waiting for minutes; this fails it fast, naming DATABASE_URL. It also bounds the wait
    // for a free connection when all are busy: a request then fails rather than hangs.
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // The kernel notices a peer that vanished (idle connections included) in minutes, not hours.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection (a database restart) must not crash the process.
  pool.on('error', () => {});
  // Nor one in use: pg emits 'error' on a checked-out client whose connection ends, besides
  // failing its query (which the request answers as 503); unheard, that event would be an
  // uncaught exception. The pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Requests reach PostgreSQL through a guard that tells a database gone quiet (503 within a
  // second) from a slow statement or a busy pool (waits on): reachability-guard.ts, decision 049.
  const probe = postgresProbe(options.databaseUrl);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardedPool(pool, probe) }) });
  pools.set(db, pool);
  probes.set(db, probe);
  try {
    await pool.query('select 1');
  } catch (error) {
    await db.destroy();
    const timeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    throw new Error(`DATABASE_URL: ${describePgError(error, options.databaseUrl, timeoutMs)}`, { cause: error });
  }
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  await beginEpoch(db, Date.now());
  return db;
}

/** The SQLite database file inside DATA_DIR. */
export const SQLITE_FILE = 'toy-rotation.sqlite';

function openSqliteFile(dataDir: string): SQLite.Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, SQLITE_FILE));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // FULL, not WAL's usual NORMAL: NORMAL may lose the last acknowledged commits on a power cut,
  // and an acknowledged change (a toy, a synced edit) must never be lost.
  file.pragma('synchronous = FULL');
  // Space of deleted rows goes back to the disk on a schedule (services/storage/compaction.ts).
  setIncrementalVacuum(file);
  return file;
}

/** A readable cause for a failed connection or migration, naming the server (never the password). */
function describePgError(error: unknown, url: string, timeoutMs: number): string {
  let where = 'the PostgreSQL server';
  try {
    const parsed = new URL(url);
    where = `PostgreSQL at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    // keep the generic name
  }
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN') {
    return `cannot reach ${where} (${code}). Is the server running and the address right?`;
  }
  if (/timeout/i.test(message) && !code) {
    return `no answer from ${where} within ${timeoutMs / 1000} s (${message}). Is the address right, and does a firewall let the connection through?`;
  }
  if (code === '3D000') return `${where} has no such database (${message}).`;
  if (code === '28P01' || code === '28000') return `${where} refused the login (${message}).`;
  return `${where} could not be opened: ${message}`;
}

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // A migration of one branch may reach a database after a later-named one of another
    // branch ran there (migrations/index.ts): it runs then, rather than the start failing.
    allowUnorderedMigrations: true,
    // PostgreSQL: the migration tables live in the connection's current schema. Without this,
    // Kysely would find another schema's kysely_migration in the same database and skip ours.
    migrationTableSchema: isPostgres(db) ? await currentSchema(db) : undefined,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    // Name the migration: a non-portable one shows up here on the PostgreSQL test run.
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const message = error instanceof Error ? error.message : String(error);
    throw Object.assign(new Error(failed ? `migration ${failed} failed: ${message}` : message), { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}

async function currentSchema(db: DB): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
