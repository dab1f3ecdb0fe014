import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withCachedStatements } from './cached-statements.js';
import { migrateToLatest } from './database.js';
import type { Database } from './schema.js';
import { asHouseholdId } from './schema.js';

// Issue 16: each distinct SQL text is prepared once; the ordered lists read an index, not a sort.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(capacity?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-stmt-'));
  dirs.push(dir);
  const file = new SQLite(path.join(dir, 'db.sqlite'));
  const prepare = vi.spyOn(file, 'prepare');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withCachedStatements(file, capacity) }) });
  return { db, prepare };
}

describe('cached statements', () => {
  it('prepares the same query once, whatever its values, and answers each call with its own values', async () => {
    const { db, prepare } = open();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (let i = 0; i < 5; i++) await sql`insert into t (id, name) values (${i}, ${`toy ${i}`})`.execute(db);
    const before = prepare.mock.calls.length;
    for (let i = 0; i < 5; i++) {
      const { rows } = await sql<{ name: string }>`select name from t where id = ${i}`.execute(db);
      expect(rows).toEqual([{ name: `toy ${i}` }]);
    }
    expect(prepare.mock.calls.length - before).toBe(1);
    await db.destroy();
  });

  it('keeps at most `capacity` statements, dropping the least recently used', async () => {
    const { db, prepare } = open(2);
    const query = (n: number) => sql.raw(`select ${n} as n`).execute(db);
    await query(1);
    await query(2);
    await query(1); // 1 is now the most recent
    await query(3); // drops 2
    const before = prepare.mock.calls.length;
    await query(1);
    expect(prepare.mock.calls.length).toBe(before);
    await query(2);
    expect(prepare.mock.calls.length).toBe(before + 1);
    await db.destroy();
  });

  it('reads toys newest first and lists in order from an index, without a temporary sort', async () => {
    const { db } = open();
    await migrateToLatest(db);
    const plan = async (query: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const compiled = query.compile();
      const { rows } = await sql<{ detail: string }>`explain query plan ${sql.raw(compiled.sql.replace(/\?/g, "'x'"))}`.execute(db);
      return rows.map((r) => r.detail).join(' | ');
    };
    const toys = await plan(db.selectFrom('toys').selectAll().where('household_id', '=', asHouseholdId('u')).where('deleted', '=', 0).orderBy('created_at', 'desc').orderBy('id', 'desc'));
    expect(toys).toContain('toys_user_live_created');
    expect(toys).not.toContain('TEMP B-TREE');
    const lists = await plan(db.selectFrom('lists').selectAll().where('household_id', '=', asHouseholdId('u')).where('deleted', '=', 0).orderBy('position').orderBy('created_at').orderBy('id'));
    expect(lists).not.toContain('TEMP B-TREE');
    await db.destroy();
  });
});
