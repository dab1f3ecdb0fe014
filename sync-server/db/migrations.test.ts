import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { migrateToLatest } from './database.js';
import { migrations } from './migrations/index.js';

// Runs on SQLite and on PostgreSQL (see vitest.config); the SQLite file settings are checked
// in database.sqlite.test.ts.
describe('migrations', () => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('run in order on an empty database, and a second run applies nothing', async () => {
    t = await openTestDatabase();
    const { db } = t;
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'toys', 'lists', 'settings', 'rotations', 'media']));
    const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(db)).toEqual([]);
  });

  // SQLite's INTEGER is 64-bit, PostgreSQL's is 32-bit: an epoch-ms or sequence column declared
  // 'integer' works on SQLite and overflows on PostgreSQL. Declare them 'bigint'.
  it('keeps timestamps (*_at, epoch ms) and sequences (seq) in 64-bit columns', async () => {
    t = await openTestDatabase();
    const narrow = (await t.db.introspection.getTables())
      .flatMap((table) => table.columns.map((column) => ({ table: table.name, ...column })))
      .filter((column) => /^seq$|_at$/.test(column.name) && !['bigint', 'int8'].includes(column.dataType.toLowerCase()))
      .map((column) => `${column.table}.${column.name} (${column.dataType})`);
    expect(narrow).toEqual([]);
  });

  it('names sort in the order they are listed (append-only)', () => {
    const names = Object.keys(migrations);
    expect([...names].sort()).toEqual(names);
  });
});
