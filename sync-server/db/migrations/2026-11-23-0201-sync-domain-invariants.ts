import { sql, type Kysely } from 'kysely';

// Sync domain invariants (issue 9, docs/decisions/008-sync-domain-invariants.md). Portable DDL,
// one column per ALTER TABLE (SQLite).

/** The columns the data step below touches, as they are at this point in the history. */
type RotationsAtThisStep = { rotations: { seq: number; accepted_seq: number | null } };

export async function up(db: Kysely<unknown>): Promise<void> {
  // A list merged into a same-named one remembers its survivor, so a toy that still points at
  // it (pushed later by a device that had not seen the merge) lands in the survivor.
  await db.schema.alterTable('lists').addColumn('merged_into', 'text').execute();
  // The server's order of rotations: the sequence number of the change that first stored the
  // rotation. It never changes afterwards (unlike `seq`), and it, not a device clock, says
  // which rotation is the current one.
  await db.schema.alterTable('rotations').addColumn('accepted_seq', 'bigint').execute();
  await db.withTables<RotationsAtThisStep>().updateTable('rotations').set({ accepted_seq: sql`seq` }).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rotations').dropColumn('accepted_seq').execute();
  await db.schema.alterTable('lists').dropColumn('merged_into').execute();
}
