import type { Kysely } from 'kysely';

// Billing state (issue 5). Portable DDL as in the initial migration. SQLite adds one column
// per ALTER TABLE, hence one statement each.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every Stripe event id once: a redelivered event finds its row and changes nothing.
  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull()) // Stripe's event time, epoch ms
    .addColumn('processed_at', 'bigint', (c) => c.notNull())
    .execute();

  const columns: [string, 'text' | 'bigint' | 'integer', boolean][] = [
    ['subscription_id', 'text', false],
    ['subscription_status', 'text', false],
    ['plan_updated_at', 'bigint', false],
    ['invoice_event_at', 'bigint', false],
    ['payment_failed', 'integer', true],
  ];
  for (const [name, type, flag] of columns) {
    await db.schema
      .alterTable('users')
      .addColumn(name, type, (c) => (flag ? c.notNull().defaultTo(0) : c))
      .execute();
  }
  // A Stripe customer belongs to one user at most (NULLs do not collide in SQLite or PostgreSQL).
  await db.schema.createIndex('users_stripe_customer').on('users').column('stripe_customer_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_stripe_customer').execute();
  for (const name of ['payment_failed', 'invoice_event_at', 'plan_updated_at', 'subscription_status', 'subscription_id']) {
    await db.schema.alterTable('users').dropColumn(name).execute();
  }
  await db.schema.dropTable('stripe_events').execute();
}
