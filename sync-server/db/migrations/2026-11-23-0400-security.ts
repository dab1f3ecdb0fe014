import type { Kysely } from 'kysely';

// Issue 10 (security and abuse hardening). Portable DDL as in the initial migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Forgot-password requests, written the same way whether or not the email has an account,
  // and mailed after the answer (so neither the answer nor its timing tells).
  await db.schema
    .createTable('reset_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('processed_at', 'bigint')
    .execute();
  await db.schema.createIndex('reset_requests_pending').on('reset_requests').columns(['processed_at', 'created_at']).execute();

  // When the daily job first found a photo that no live toy of its uploader uses; it is
  // removed a grace period later unless a toy uses it again meanwhile.
  await db.schema.alterTable('media').addColumn('orphaned_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('orphaned_at').execute();
  await db.schema.dropTable('reset_requests').execute();
}
