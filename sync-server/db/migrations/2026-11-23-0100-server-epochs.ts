import type { Kysely } from 'kysely';

// Server epochs (issue 9, fault 3): every start of the server records where its change clock
// stood, so a device can tell a server that went back in time (restored from a backup) from
// one that merely has nothing new. See sync-server/services/sync/epochs.ts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_epochs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('start_seq', 'bigint', (c) => c.notNull()) // first sequence this epoch can hand out
    .addColumn('created_at', 'bigint', (c) => c.notNull()) // epoch ms, server clock
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_epochs').execute();
}
