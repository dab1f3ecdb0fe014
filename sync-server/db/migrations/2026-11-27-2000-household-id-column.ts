import { SqliteAdapter, sql, type Kysely } from 'kysely';

// The data tables' owner column held a household id under the name `user_id` since migration
// 0600 (docs/decisions/016): it is renamed `household_id`, so a query can no longer read it as
// a person. A rename only: no row is rewritten and no seq changes, so no device pulls anything.
//
// SQLite's ALTER TABLE ... RENAME COLUMN edits the table's stored definition in place (no
// rebuild), and rewrites every index and trigger naming the column, among them the settings
// trigger that ends old unsubscribe links (migration 2026-11-27-1000). PostgreSQL's rename
// keeps constraints and indexes; its trigger function reads the column by either name.
// Index and constraint names keep their `user` wording: SQLite cannot rename an index, and a
// name is not read by any query.

/** The replicated data tables whose owner is a household. */
const DATA_TABLES = ['media', 'settings', 'lists', 'toys', 'rotations'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of DATA_TABLES) await sql`alter table ${sql.table(table)} rename column user_id to household_id`.execute(db);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // A trigger SQLite could not rewrite would now fail on every reminders update: check it is there.
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = 'settings_reminders_on_end_old_unsubscribe_links'`.execute(db);
    if (!rows[0]?.sql.includes('new.household_id')) throw new Error('household_id migration: the settings trigger was not rewritten');
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of DATA_TABLES) await sql`alter table ${sql.table(table)} rename column household_id to user_id`.execute(db);
}
