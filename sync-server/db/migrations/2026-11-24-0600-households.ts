import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Issue 13: households (docs/decisions/016-households.md). A household owns the data; every
// existing account becomes the owner of a household whose id IS its user id, so the data
// tables' `user_id` column (now: the household id) keeps its values and no row moves. Only
// the data tables' foreign key changes target: users -> households.

/** Data tables whose `user_id` now names the household (sessions and password resets stay per user). */
const DATA_TABLES = ['media', 'settings', 'lists', 'toys', 'rotations'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('households')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // A household left behind by a person who joined another without their toys: kept for
    // them (no members), and theirs again when they leave the other household.
    .addColumn('kept_for', 'text')
    // A household whose data moved into another when its only member joined it with their
    // toys: that one's id (a hand-in push from a device of the old one lands there).
    .addColumn('moved_to', 'text')
    .execute();
  await db.schema.createIndex('households_kept_for').on('households').column('kept_for').execute();

  await db.schema
    .createTable('memberships')
    // One household per account: the user is the key.
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull()) // 'owner' | 'member'
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('memberships_household').on('memberships').columns(['household_id', 'joined_at']).execute();

  await db.schema
    .createTable('invites')
    // SHA-256 of the code: the code itself is shown once, to its creator.
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('household_id', 'text', (c) => c.notNull().references('households.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_by', 'text')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('invites_household').on('invites').columns(['household_id', 'created_at']).execute();

  // Each session is bound to the household it was opened in; `left_at` is set when its user
  // left or was removed from that household (then 403 {household: 'left'} on household calls).
  await db.schema.alterTable('sessions').addColumn('household_id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('left_at', 'bigint').execute();

  // Who left (or was removed from) which household, when: for a bounded time the person's
  // devices may still hand in what they made before (decision 016), from any live session.
  await db.schema
    .createTable('departures')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('household_id', 'text', (c) => c.notNull())
    .addColumn('left_at', 'bigint', (c) => c.notNull())
    .addColumn('left_seq', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('departures_user').on('departures').columns(['user_id', 'household_id', 'left_at']).execute();

  // Who did what: user ids written by the server on every accepted write.
  await db.schema.alterTable('toys').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('toys').addColumn('updated_by', 'text').execute();
  await db.schema.alterTable('rotations').addColumn('created_by', 'text').execute();

  // Every account: the owner of a household with its own id (named after its username).
  await sql`insert into households (id, name, created_at) select id, username || '''s family', created_at from users`.execute(db);
  await sql`insert into memberships (user_id, household_id, role, joined_at) select id, id, 'owner', created_at from users`.execute(db);
  await sql`update sessions set household_id = user_id`.execute(db);

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of DATA_TABLES) await repointSqlite(db, table);
  } else {
    for (const table of DATA_TABLES) await repointPostgres(db, table);
  }
}

/**
 * PostgreSQL: drop the table's foreign key to users and add one to households (same cascade).
 */
async function repointPostgres(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select tc.constraint_name as name
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
    where tc.table_schema = current_schema() and tc.table_name = ${table}
      and tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users'`.execute(db);
  for (const row of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(row.name)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_household_fk`)} foreign key (user_id) references households (id) on delete cascade`.execute(db);
}

/**
 * SQLite cannot alter a foreign key: the table is rebuilt from its own stored definition with
 * the reference pointing at households, its rows copied unchanged (same values, same columns),
 * and its indexes recreated.
 */
async function repointSqlite(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string | null }>`select type, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = rows.find((row) => row.type === 'table')?.sql;
  if (!create) throw new Error(`households migration: table ${table} not found`);
  const indexes = rows.filter((row) => row.type === 'index' && row.sql).map((row) => row.sql as string);
  const rebuilt = create
    .replace(/^create table\s+("?)(\w+)\1/i, `create table "${table}__rebuild"`)
    .replace(/references\s+"?users"?\s*\(\s*"?id"?\s*\)/gi, 'references "households" ("id")');
  if (rebuilt === create || !/references "households"/.test(rebuilt)) throw new Error(`households migration: could not repoint ${table}`);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${table}__rebuild" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${table}__rebuild" rename to "${table}"`).execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Not reversible without losing households created since (their data has no user row).
  void db;
  throw new Error('The households migration cannot be undone.');
}
