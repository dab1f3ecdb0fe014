import type { Kysely } from 'kysely';

// Shared state for several server instances (issue 12). Portable DDL as in the initial migration.

export async function up(db: Kysely<unknown>): Promise<void> {
  // rate-limiter-flexible's RateLimiterPostgres table (its own column names), so failed logins
  // count across instances. Unused on SQLite, where one process keeps the counters in memory.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();

  // When each scheduled job last ran (server clock, epoch ms): with several instances, the one
  // holding the job's advisory lock runs it and the others see it has been done.
  await db.schema
    .createTable('job_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('ran_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_runs').execute();
  await db.schema.dropTable('rate_limits').execute();
}
