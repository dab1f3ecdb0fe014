import type { Kysely } from 'kysely';

// Each person's language (issue 24, docs/decisions/042-languages.md): chosen on any of their
// devices, synced to the others, and the language of the emails they get. Null until a device
// of theirs says which (their emails are in English until then). Portable DDL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
