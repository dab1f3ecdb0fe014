import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { setIncrementalVacuum } from './sqlite-vacuum.js';

// A database made before compaction existed (auto_vacuum off) takes incremental vacuum at its
// next open, once, with its rows intact.

describe('setIncrementalVacuum', () => {
  it('turns it on for an existing file once, keeping its rows', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-vacuum-'));
    const file = new SQLite(path.join(dir, 'old.sqlite'));
    file.pragma('journal_mode = WAL');
    file.exec("create table toys (id text primary key, title text); insert into toys values ('a', 'Ball'), ('b', 'Kite')");
    expect(file.pragma('auto_vacuum', { simple: true })).toBe(0);
    expect(setIncrementalVacuum(file)).toBe('rebuilt');
    expect(file.pragma('auto_vacuum', { simple: true })).toBe(2);
    expect(setIncrementalVacuum(file)).toBe('already');
    expect(file.prepare('select title from toys order by id').all()).toEqual([{ title: 'Ball' }, { title: 'Kite' }]);
    file.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
