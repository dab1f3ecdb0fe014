import { createHash } from 'node:crypto';
import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Reminder unsubscribe links (decision 028): their tokens were kept in plain text in
// settings.reminder_token and never changed. Now only a token's SHA-256 is stored, one row per
// link mailed, and when a household turns its reminders back on after they were off, every
// link mailed before stops working (a trigger, so every way of writing settings does it: REST,
// sync push, import); the next email brings a new one. While reminders are off, a link only
// confirms they are off (a mail program may send its one-click POST twice).

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reminder_unsubscribe_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reminder_unsubscribe_tokens_owner').on('reminder_unsubscribe_tokens').columns(['owner_id', 'created_at']).execute();

  const { rows } = await sql<{ owner: string; token: string }>`select user_id as owner, reminder_token as token from settings where reminder_token is not null`.execute(db);
  const now = Date.now();
  for (const row of rows) {
    await sql`insert into reminder_unsubscribe_tokens (token_hash, owner_id, created_at) values (${sha256(row.token)}, ${row.owner}, ${now})`.execute(db);
  }
  await db.schema.alterTable('settings').dropColumn('reminder_token').execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // SQLite rewrites the trigger if the column is renamed (ALTER TABLE ... RENAME COLUMN).
    await sql`create trigger settings_reminders_on_end_old_unsubscribe_links after update of reminder_email on settings
      when new.reminder_email = 1 and old.reminder_email = 0
      begin delete from reminder_unsubscribe_tokens where owner_id = new.user_id; end`.execute(db);
  } else {
    // Read by name from the row as JSON, so renaming user_id to household_id keeps it working.
    await sql`create function end_unsubscribe_links() returns trigger language plpgsql as $$
      begin
        delete from reminder_unsubscribe_tokens
          where owner_id = coalesce(to_jsonb(new) ->> 'household_id', to_jsonb(new) ->> 'user_id');
        return new;
      end $$`.execute(db);
    await sql`create trigger settings_reminders_on_end_old_unsubscribe_links after update of reminder_email on settings
      for each row when (new.reminder_email = 1 and old.reminder_email = 0) execute function end_unsubscribe_links()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists settings_reminders_on_end_old_unsubscribe_links${db.getExecutor().adapter instanceof SqliteAdapter ? sql`` : sql` on settings`}`.execute(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`drop function if exists end_unsubscribe_links()`.execute(db);
  await db.schema.alterTable('settings').addColumn('reminder_token', 'text').execute();
  await db.schema.dropTable('reminder_unsubscribe_tokens').execute();
}
