import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DB } from './database.js';
import { migrations } from './migrations/index.js';

describe('migrations', () => {
  let db: DB | undefined;
  let dir = '';
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('run in order on an empty database, and a second run applies nothing', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-migrate-'));
    db = await openDatabase({ dataDir: dir });
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'toys', 'lists', 'settings', 'rotations', 'media']));
    const applied = await db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect(applied.map((row) => (row as { name: string }).name)).toEqual(Object.keys(migrations).sort());
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('names sort in the order they are listed (append-only)', () => {
    const names = Object.keys(migrations);
    expect([...names].sort()).toEqual(names);
  });

  it('turns on WAL, foreign keys and full durability', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-migrate-'));
    db = await openDatabase({ dataDir: dir });
    const { sql } = await import('kysely');
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    expect(sync.rows[0]?.synchronous).toBe(2); // FULL: acknowledged commits survive a power cut
  });
});
