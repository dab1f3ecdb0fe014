import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DB } from '../db/database.js';

// Which database the server tests run on: vitest.config.ts runs sync-server/ twice, once per
// dialect (TEST_DIALECT=sqlite | postgres), with the same tests and the same assertions.
export type TestDialect = 'sqlite' | 'postgres';
const TEST_DIALECT: TestDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/** The server the PostgreSQL run creates its databases on (trust auth on loopback). */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Databases of this run are named toy_test_<pid>_<random>: the pid tells which are left over. */
const TEST_DATABASE_PREFIX = 'toy_test_';

export type TestDatabase = {
  db: DB;
  dataDir: string;
  /** PostgreSQL only: the URL that opens this same database and schema (a second instance). */
  databaseUrl?: string;
  close(): Promise<void>;
};

/**
 * A fresh, migrated, empty database. SQLite: a file in a new temp dir. PostgreSQL: a new
 * schema in this test file's own database (created on first use, dropped after the file by
 * postgres-setup.ts), so every test app starts empty and parallel files never share state.
 * `sameAs` opens a second connection to an existing test database (a second instance).
 */
export async function openTestDatabase(sameAs?: TestDatabase, dialect: TestDialect = TEST_DIALECT): Promise<TestDatabase> {
  // A second instance on SQLite opens the same file; its data dir stays the first one's.
  const dataDir = sameAs && !sameAs.databaseUrl ? sameAs.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-test-'));
  const reused = !sameAs && dialect === 'postgres' ? freeSchemas.pop() : undefined;
  const databaseUrl = sameAs ? sameAs.databaseUrl : dialect === 'postgres' ? (reused?.url ?? (await freshSchemaUrl())) : undefined;
  // Few connections per test app: several runs (and people) share one PostgreSQL server.
  const db = await openDatabase({ dataDir, databaseUrl, poolSize: 4 });
  const schema = !sameAs && databaseUrl ? (reused ?? { url: databaseUrl, seeds: await readSeeds(db) }) : undefined;
  return {
    db,
    dataDir,
    databaseUrl,
    async close() {
      // A PostgreSQL schema is emptied back to its migrated state and reused by the next test
      // app of this file: migrating a new schema costs far more than emptying one.
      if (schema) await replaceAllRows(db, schema.seeds).then(() => freeSchemas.push(schema), () => {});
      await db.destroy();
      if (dataDir !== sameAs?.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Rows = Map<string, Record<string, unknown>[]>;
const freeSchemas: { url: string; seeds: Rows }[] = [];

/** The rows the migrations themselves wrote (the change clock's row, for one). */
async function readSeeds(db: DB): Promise<Rows> {
  const seeds = await readAllRows(db);
  // Epochs belong to server starts, not to the migrated state: the next app opens its own.
  seeds.set('server_epochs', []);
  return seeds;
}

/** PostgreSQL: every row of every table in the connection's schema (a backup a test can put back). */
export async function readAllRows(db: DB): Promise<Rows> {
  const rows: Rows = new Map();
  const schema = await schemaOf(db);
  for (const table of await db.introspection.getTables()) {
    if (table.schema !== schema) continue;
    rows.set(table.name, (await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db)).rows);
  }
  return rows;
}

/** PostgreSQL: every table (but Kysely's own) holds exactly `rows` again. */
export async function replaceAllRows(db: DB, rows: Rows): Promise<void> {
  const tables = [...rows.keys()].filter((name) => !name.startsWith('kysely_migration'));
  await db.transaction().execute(async (trx) => {
    // DELETE, not TRUNCATE (which costs a file rewrite per table); foreign-key triggers off for
    // this transaction so the order does not matter (the test server's user is a superuser).
    await sql`set local session_replication_role = replica`.execute(trx);
    for (const name of tables) await trx.deleteFrom(name as never).execute();
    for (const name of tables) {
      const all = rows.get(name) ?? [];
      // In slices: one statement takes at most 65,535 parameters.
      for (let i = 0; i < all.length; i += 500) await trx.insertInto(name as never).values(all.slice(i, i + 500) as never).execute();
    }
  });
}

async function schemaOf(db: DB): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

let fileDatabase: Promise<string> | undefined;
let schemaCount = 0;

/** The URL of this file's database (created on first call). */
function testFileDatabaseUrl(): Promise<string> {
  fileDatabase ??= (async () => {
    const name = `${TEST_DATABASE_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database "${name}"`);
    const url = new URL(TEST_POSTGRES_URL);
    url.pathname = `/${name}`;
    return url.toString();
  })();
  return fileDatabase;
}

/** A new, empty schema in this file's database: the URL that opens it. */
export async function freshSchemaUrl(): Promise<string> {
  const url = new URL(await testFileDatabaseUrl());
  const schema = `app_${++schemaCount}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`create schema "${schema}"`);
  } finally {
    await client.end();
  }
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/**
 * An empty database of the run's dialect with no migration applied (tests of one migration on
 * data written before it), and the schema Kysely's migration table lives in (PostgreSQL).
 */
export async function openUnmigratedDatabase(): Promise<{ db: Kysely<unknown>; migrationTableSchema?: string; close(): Promise<void> }> {
  if (TEST_DIALECT === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-migration-'));
    const file = new SQLite(path.join(dir, 'db.sqlite'));
    file.pragma('foreign_keys = ON');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: file }) });
    return { db, close: async () => { await db.destroy(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const url = await freshSchemaUrl();
  const schema = new URL(url).searchParams.get('options')?.split('=')[1] ?? 'public';
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2 }) }) });
  return { db, migrationTableSchema: schema, close: () => db.destroy() };
}

/** Drops this file's database, if it made one (afterAll of every PostgreSQL test file). */
export async function dropTestFileDatabase(): Promise<void> {
  if (!fileDatabase) return;
  const name = new URL(await fileDatabase).pathname.slice(1);
  fileDatabase = undefined;
  await adminQuery(`drop database if exists "${name}" with (force)`);
}

/** Drops the databases of test processes that are gone (a crashed or killed run). */
export async function dropLeftoverTestDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname like '${TEST_DATABASE_PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
      if (Number.isInteger(pid) && !processAlive(pid)) await client.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
