import type { Kysely } from 'kysely';

// Issue 12: the live sync streams an account holds open, counted across every server instance
// (services/scale-out/live-streams.ts). One row per open stream; the stream's heartbeat pushes
// `expires_at` forward, so the rows of an instance that died without closing them run out.
// Portable DDL (SQLite and PostgreSQL).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_streams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The server process holding the stream: its rows go when it shuts down.
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_streams_user').on('live_streams').columns(['user_id', 'expires_at']).execute();
  await db.schema.createIndex('live_streams_instance').on('live_streams').column('instance_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_streams').execute();
}
