import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from './database.js';

describe('the SQLite file', () => {
  let db: DB | undefined;
  let dir = '';
  afterEach(async () => {
    await db?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('turns on WAL, foreign keys and full durability', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-migrate-'));
    db = await openDatabase({ dataDir: dir });
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    expect(sync.rows[0]?.synchronous).toBe(2); // FULL: acknowledged commits survive a power cut
  });
});
