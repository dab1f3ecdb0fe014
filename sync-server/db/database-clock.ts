import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type DB } from './database.js';

// The database's own time, in epoch milliseconds, for state that server instances share and
// that runs out (live-stream slots): every instance must read "now" from one clock, or one
// whose clock runs ahead takes another's live rows for expired. PostgreSQL: clock_timestamp()
// (the time of the statement, not of the transaction's start, which may have waited for a lock).
// SQLite: the file lives on this host, whose clock every process on it shares.

/** An SQL expression for the database's current time in epoch ms (use it inside statements; `db` is the opened database, not a transaction). */
export function databaseNow(db: DB): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}

/** The database's current time in epoch ms. */
export async function databaseNowMs(db: DB): Promise<number> {
  const { rows } = await sql<{ now: number }>`select ${databaseNow(db)} as now`.execute(db);
  return Number(rows[0]!.now);
}
