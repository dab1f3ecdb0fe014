import type { Kysely } from 'kysely';

// Portable DDL only (SQLite and PostgreSQL): timestamps are epoch milliseconds in bigint,
// booleans are integers 0/1, lists are JSON text. Replicated tables carry `seq` (the
// server's change clock) and `deleted` (soft delete), keyed by (user_id, id).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('stripe_customer_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_active_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('captcha_uses')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('delete_account', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('media_id').on('media').column('id').execute();

  // Single-row counter: the server's monotonic change clock shared by every replicated table.
  await db.schema
    .createTable('change_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('change_clock' as never).values({ id: 1, value: 0 } as never).execute();

  await db.schema
    .createTable('settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('rotation_toys_number', 'integer', (c) => c.notNull())
    .addColumn('last_rotation_date', 'bigint')
    .addColumn('tips_dismissed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lists')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // 'category' | 'collection'
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lists_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('lists_user_seq').on('lists').columns(['user_id', 'seq', 'id']).execute();

  await db.schema
    .createTable('toys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('media_id', 'text')
    .addColumn('collection_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favorite', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_rotated_at', 'bigint')
    .addColumn('location', 'text')
    .addColumn('retired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('feedback', 'text')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('toys_pk', ['user_id', 'id'])
    .execute();
  await db.schema.createIndex('toys_user_seq').on('toys').columns(['user_id', 'seq', 'id']).execute();

  await db.schema
    .createTable('rotations')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('toy_ids', 'text', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rotations_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('rotations_user_seq')
    .on('rotations')
    .columns(['user_id', 'seq', 'id'])
    .execute();
  await db.schema
    .createIndex('rotations_user_created')
    .on('rotations')
    .columns(['user_id', 'created_at'])
    .execute();

}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rotations',
    'toys',
    'lists',
    'settings',
    'change_clock',
    'media',
    'support_messages',
    'captcha_uses',
    'password_resets',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
