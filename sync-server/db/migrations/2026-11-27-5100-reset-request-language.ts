import type { Kysely } from 'kysely';

// The language of the request that asked for a password reset (decision 050): the reset email
// is written in the account's language, and in this one for an account whose devices have not
// said theirs yet. Null when the request named no shipped language. Portable DDL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reset_requests').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reset_requests').dropColumn('language').execute();
}
