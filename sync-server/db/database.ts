import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Dialect } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type DB = Kysely<Database>;

/**
 * Opens the database: SQLite in dataDir (WAL, foreign keys on, a busy timeout so a
 * second process waits rather than failing). The PostgreSQL dialect is chosen by
 * DATABASE_URL and is the only other place dialect-specific setup may live.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl?: string }): Promise<DB> {
  const dialect = options.databaseUrl
    ? await postgresDialect(options.databaseUrl)
    : sqliteDialect(options.dataDir);
  const db = new Kysely<Database>({ dialect });
  await migrateToLatest(db);
  return db;
}

function sqliteDialect(dataDir: string): Dialect {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'toy-rotation.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // FULL, not WAL's usual NORMAL: NORMAL may lose the last acknowledged commits on a power cut,
  // and an acknowledged change (a toy, a synced edit) must never be lost.
  file.pragma('synchronous = FULL');
  return new SqliteDialect({ database: file });
}

async function postgresDialect(url: string): Promise<Dialect> {
  // Loaded only when asked for, so SQLite deployments need not install `pg`.
  const moduleName = 'pg';
  const pg = (await import(/* @vite-ignore */ moduleName).catch(() => {
    throw new Error('DATABASE_URL is set but the "pg" package is not installed: run npm install pg');
  })) as { default: { Pool: new (o: object) => unknown; types: { setTypeParser(oid: number, fn: (v: string) => unknown): void } } };
  pg.default.types.setTypeParser(20, Number); // bigint columns hold epoch ms and sequences: fit in a double
  const { PostgresDialect } = await import('kysely');
  return new PostgresDialect({ pool: new pg.default.Pool({ connectionString: url }) as never });
}

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
}
