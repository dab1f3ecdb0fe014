import type { Kysely } from 'kysely';

// Issue 16: the lists the REST calls and the sync pull read in order come straight from an
// index, without a temporary B-tree sort per request. Portable DDL (SQLite and PostgreSQL).

export async function up(db: Kysely<unknown>): Promise<void> {
  // getusertoys: a user's live toys, newest first (read backwards).
  await db.schema.createIndex('toys_user_live_created').on('toys').columns(['user_id', 'deleted', 'created_at', 'id']).execute();
  // Categories and collections in their order.
  await db.schema.createIndex('lists_user_live_position').on('lists').columns(['user_id', 'deleted', 'position', 'created_at', 'id']).execute();
  // Every sync pull reads the server epochs in order.
  await db.schema.createIndex('server_epochs_created').on('server_epochs').columns(['created_at', 'start_seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('server_epochs_created').execute();
  await db.schema.dropIndex('lists_user_live_position').execute();
  await db.schema.dropIndex('toys_user_live_created').execute();
}
