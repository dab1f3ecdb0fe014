import { sql } from 'kysely';
import type { AppDeps } from '../../context.js';
import { isPostgres } from '../../db/database.js';
import { REPLICATED_TABLES } from '../../db/schema.js';
import { sqliteFileOf } from './sqlite-vacuum.js';

// Compaction (decision 030): rows stay as tombstones for sync (a deleted or trimmed row keeps
// its id and `deleted`, its bulk cleared: services/sync/tombstones.ts) as long as the account
// does, bounded by the per-table caps. What a cleared or deleted row took is given back on a
// schedule: SQLite returns free pages to the file system (incremental vacuum), PostgreSQL marks
// dead rows' space reusable (ordinary VACUUM, which takes no lock that stops the app).

export type CompactionReport = { database: 'sqlite' | 'postgres'; bytesBefore?: number; bytesAfter?: number };

/** Gives back the space of deleted and cleared rows (the daily job, services/scheduled-jobs.ts). */
export async function compactStorage(deps: Pick<AppDeps, 'db'>): Promise<CompactionReport> {
  if (isPostgres(deps.db)) {
    await sql`vacuum (analyze) ${sql.join(REPLICATED_TABLES.map((table) => sql.table(table)))}`.execute(deps.db);
    await sql`vacuum (analyze) ${sql.table('media')}, ${sql.table('sessions')}, ${sql.table('live_streams')}`.execute(deps.db);
    return { database: 'postgres' };
  }
  const file = sqliteFileOf(deps.db);
  if (!file) return { database: 'sqlite' };
  const bytesBefore = await sqliteBytes(deps);
  // On Kysely's one connection, so no transaction of the app is open meanwhile.
  await deps.db.connection().execute(async () => {
    file.pragma('incremental_vacuum');
    // The freed pages leave the file only once the write-ahead log is written back into it.
    file.pragma('wal_checkpoint(TRUNCATE)');
  });
  return { database: 'sqlite', bytesBefore, bytesAfter: await sqliteBytes(deps) };
}

async function sqliteBytes(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(deps.db);
  const size = await sql<{ page_size: number }>`pragma page_size`.execute(deps.db);
  return Number(pages.rows[0]?.page_count ?? 0) * Number(size.rows[0]?.page_size ?? 0);
}
