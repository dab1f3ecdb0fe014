import type SQLite from 'better-sqlite3';

// Set when the SQLite file is opened (db/database.ts), so that compaction.ts can give the space
// of deleted rows back to the disk with incremental vacuum (decision 030).

/** SQLite's auto_vacuum modes (PRAGMA auto_vacuum): 2 keeps free pages for incremental_vacuum to return. */
const INCREMENTAL = 2;

/**
 * Sets auto_vacuum=INCREMENTAL on a SQLite file, at open. The mode is written in the file's
 * header, so a file that has one (any but a brand-new file: turning WAL on writes it) takes it
 * only with a full VACUUM: a rebuild, instant for a new file and done once for an existing one
 * (later opens find the mode set).
 */
export function setIncrementalVacuum(file: SQLite.Database): 'already' | 'rebuilt' {
  if (file.pragma('auto_vacuum', { simple: true }) === INCREMENTAL) return 'already';
  file.pragma('auto_vacuum = INCREMENTAL');
  file.exec('VACUUM');
  return 'rebuilt';
}

// The file behind a SQLite database, for the pragmas that must be stepped to their end
// (incremental_vacuum frees one page per step; Kysely's driver steps a statement that returns
// no rows once): compaction.ts uses it while holding Kysely's connection.
const files = new WeakMap<object, SQLite.Database>();

export function rememberSqliteFile(db: object, file: SQLite.Database): void {
  files.set(db, file);
}

export function sqliteFileOf(db: object): SQLite.Database | undefined {
  return files.get(db);
}
