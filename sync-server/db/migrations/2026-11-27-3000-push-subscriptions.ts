import type { Kysely } from 'kysely';

// Web Push reminders (issue 24, docs/decisions/026-push-reminders-and-passkeys.md). A
// subscription belongs to a person (a real user id), one row per device's push endpoint; the
// reminders sent are claimed per subscription, child and due day, so each device gets one
// notification per child on each due day. Portable DDL (SQLite and PostgreSQL).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The push service's URL for this device: unique, so a device that changes hands moves its row.
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
  await db.schema
    .createTable('push_reminders')
    .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('child_id', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull()) // YYYY-MM-DD in the household's time zone
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_reminders_pk', ['subscription_id', 'child_id', 'due_date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_reminders').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
