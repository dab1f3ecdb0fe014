import { sql, type Kysely } from 'kysely';

// Issue 10, the gaps an audit found (decision 010). Portable DDL and plain updates (SQLite and
// PostgreSQL).

export async function up(db: Kysely<unknown>): Promise<void> {
  // Photos stored before uploads were re-encoded are served as they were uploaded. Every row
  // written from now on is of a re-encoded file (default 1); the rows already there are marked
  // 0 and their file is re-encoded the first time it is read (media/legacy-photos.ts).
  await db.schema.alterTable('media').addColumn('reencoded', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await sql`update media set reencoded = 0`.execute(db);

  // A renewed session belongs to the lineage of the login it came from (the first token's
  // hash), so a logout ends the tokens it replaced too, and their live streams.
  await db.schema.alterTable('sessions').addColumn('lineage', 'text').execute();
  await db.schema.createIndex('sessions_lineage').on('sessions').column('lineage').execute();

  // Deleted rotations and toys keep only their tombstone (services/sync/tombstones.ts). Devices
  // hold them as deleted whatever their content, so no new sequence number is needed.
  await sql`update rotations set toy_ids = '[]', observations = '{}' where deleted = 1`.execute(db);
  await sql`update toys set caption = '', location = null, feedback = null, retired_note = null, collection_ids = '[]', child_ids = '[]' where deleted = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_lineage').execute();
  await db.schema.alterTable('sessions').dropColumn('lineage').execute();
  await db.schema.alterTable('media').dropColumn('reencoded').execute();
}
