import type { Kysely } from 'kysely';

// Rotation practice (issue 14, docs/decisions/018-rotation-practice-model.md). Portable DDL,
// one column per ALTER TABLE (SQLite). Every default is the spec's behaviour, so existing
// rows need no data step: one child (the first lives in the settings row itself), random
// picks, no schedule, nothing retired or observed, every rotation the first child's.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Toys: which children (JSON array of child ids, empty = every child) and why retired.
  await db.schema.alterTable('toys').addColumn('child_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('toys').addColumn('retired_reason', 'text').execute();
  await db.schema.alterTable('toys').addColumn('retired_note', 'text').execute();
  await db.schema.alterTable('toys').addColumn('retired_at', 'bigint').execute();

  // Settings: the household's picking mode, the first child's profile and schedule, the other
  // children (JSON object by child id), reminders and the time zone of due days.
  await db.schema.alterTable('settings').addColumn('rotation_mode', 'text', (c) => c.notNull().defaultTo('random')).execute();
  await db.schema.alterTable('settings').addColumn('rotation_interval_days', 'integer').execute();
  await db.schema.alterTable('settings').addColumn('first_child_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('settings').addColumn('first_child_birth_month', 'integer').execute();
  await db.schema.alterTable('settings').addColumn('first_child_birth_year', 'integer').execute();
  await db.schema.alterTable('settings').addColumn('children', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  await db.schema.alterTable('settings').addColumn('reminder_email', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('settings').addColumn('time_zone', 'text').execute();

  // Rotations: whose, and how each toy went (JSON object by toy id).
  await db.schema.alterTable('rotations').addColumn('child_id', 'text', (c) => c.notNull().defaultTo('first-child')).execute();
  await db.schema.alterTable('rotations').addColumn('observations', 'text', (c) => c.notNull().defaultTo('{}')).execute();
  // Who rotated: the user whose push or call first stored it (null for rotations from before).

  // Server-only (not replicated): the private calendar feed's secret (SHA-256 of it; the
  // secret itself is shown once), and the reminder emails sent (one per due day and household).
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('owner_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rotation_reminders')
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull()) // YYYY-MM-DD in the household's time zone
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rotation_reminders_pk', ['owner_id', 'due_date'])
    .execute();
  // The unsubscribe link's token (random, per household; a link works until regenerated).
  await db.schema.alterTable('settings').addColumn('reminder_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('settings').dropColumn('reminder_token').execute();
  await db.schema.dropTable('rotation_reminders').execute();
  await db.schema.dropTable('calendar_feeds').execute();
  for (const column of ['observations', 'child_id']) await db.schema.alterTable('rotations').dropColumn(column).execute();
  for (const column of ['time_zone', 'reminder_email', 'children', 'first_child_birth_year', 'first_child_birth_month', 'first_child_name', 'rotation_interval_days', 'rotation_mode']) {
    await db.schema.alterTable('settings').dropColumn(column).execute();
  }
  for (const column of ['retired_at', 'retired_note', 'retired_reason', 'child_ids']) await db.schema.alterTable('toys').dropColumn(column).execute();
}
