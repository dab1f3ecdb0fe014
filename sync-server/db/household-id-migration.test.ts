import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openUnmigratedDatabase } from '../test-support/test-database.js';
import { migrations } from './migrations/index.js';

// Migration 2026-11-27-2000 on a database made by the version before it (both dialects): the
// data tables' owner column `user_id` becomes `household_id` with every row, value and seq as
// it was (no device has anything new to pull), and the settings trigger that ends old
// unsubscribe links keeps working. The previous version's migrations include ones named after
// this one (other branches' prefixes), so it also proves a migration arriving late still runs.

const RENAME = '2026-11-27-2000-household-id-column';
/** Migrations the previous version had although named after this one (they landed from other branches). */
const LANDED_BEFORE_IT = ['2026-11-27-3000-push-subscriptions', '2026-11-27-3100-passkeys', '2026-11-27-5000-user-language'];
const DATA_TABLES = ['media', 'settings', 'lists', 'toys', 'rotations'] as const;

function migrator(db: Kysely<unknown>, names: string[], schema?: string) {
  const wanted = Object.fromEntries(Object.entries(migrations).filter(([name]) => names.includes(name)));
  // As the server's migrateToLatest runs them (database.ts).
  return new Migrator({ db, provider: { getMigrations: async () => wanted }, migrationTableSchema: schema, allowUnorderedMigrations: true });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const rowsOf = async (db: Kysely<unknown>, table: string) =>
  (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows.sort((a, b) =>
    JSON.stringify(a).localeCompare(JSON.stringify(b)),
  );

describe('migration 2026-11-27-2000 (household_id) on a database of the previous version', () => {
  it('renames the owner column of every data table, keeps every row, and keeps the unsubscribe trigger', async () => {
    const opened = await openUnmigratedDatabase();
    close = opened.close;
    const { db } = opened;
    // Migrations written after the rename (they name household_id) are not the previous version's.
    const previous = Object.keys(migrations).filter((name) => name < RENAME || LANDED_BEFORE_IT.includes(name));
    expect(previous.some((name) => name > RENAME), 'the previous version ran migrations named after this one').toBe(true);
    expect((await migrator(db, previous, opened.migrationTableSchema).migrateToLatest()).error).toBeUndefined();

    for (const id of ['h-ada', 'h-bob']) {
      await sql`insert into users (id, username, email, password_hash, plan, created_at, last_active_at) values (${id}, ${id}, ${`${id}@example.com`}, 'x', 'free', 1000, 1000)`.execute(db);
      await sql`insert into households (id, name, created_at) values (${id}, 'Family', 1000)`.execute(db);
      await sql`insert into settings (user_id, rotation_toys_number, last_rotation_date, tips_dismissed, seq, reminder_email) values (${id}, 4, 1500, 0, 11, 0)`.execute(db);
      await sql`insert into lists (user_id, id, kind, name, position, created_at, deleted, seq, merged_into) values (${id}, 'uncategorized', 'category', 'Uncategorized', 0, 1000, 0, 12, null)`.execute(db);
      await sql`insert into toys (user_id, id, title, category_id, created_at, seq, created_by) values (${id}, ${`toy-${id}`}, 'Blocks', 'uncategorized', 1000, 13, ${id})`.execute(db);
      await sql`insert into rotations (user_id, id, created_at, toy_ids, deleted, seq, accepted_seq, child_id) values (${id}, ${`rot-${id}`}, 1000, ${JSON.stringify([`toy-${id}`])}, 0, 14, 14, 'first-child')`.execute(db);
      await sql`insert into media (user_id, id, mime, bytes, width, height, created_at) values (${id}, ${`${'a'.repeat(60)}${id.slice(-3)}x`}, 'image/jpeg', 10, 1, 1, 1000)`.execute(db);
      await sql`insert into reminder_unsubscribe_tokens (token_hash, owner_id, created_at) values (${`hash-${id}`}, ${id}, 1000)`.execute(db);
    }
    const before: Record<string, Record<string, unknown>[]> = {};
    for (const table of DATA_TABLES) before[table] = await rowsOf(db, table);

    const all = await migrator(db, Object.keys(migrations), opened.migrationTableSchema).migrateToLatest();
    expect(all.error).toBeUndefined();
    const later = Object.keys(migrations).filter((name) => name > RENAME && !LANDED_BEFORE_IT.includes(name));
    expect(all.results?.map((r) => [r.migrationName, r.status])).toEqual([RENAME, ...later].map((name) => [name, 'Success']));

    // Every row, with the same values under the new name.
    for (const table of DATA_TABLES) {
      const renamed = before[table]!.map(({ user_id, ...rest }) => ({ household_id: user_id, ...rest }));
      expect(await rowsOf(db, table), table).toEqual(
        renamed.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))).map((row) => expect.objectContaining(row)),
      );
      await expect(sql`select user_id from ${sql.table(table)}`.execute(db), table).rejects.toThrow();
    }
    // The keys and the household foreign key moved with the column.
    await expect(
      sql`insert into toys (household_id, id, title, category_id, created_at, seq) values ('h-ada', 'toy-h-ada', 'Again', 'uncategorized', 1, 20)`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into toys (household_id, id, title, category_id, created_at, seq) values ('no-such-household', 't', 'x', 'uncategorized', 1, 21)`.execute(db),
    ).rejects.toThrow();

    // Turning reminders back on still ends that household's old unsubscribe links (and no other's).
    await sql`update settings set reminder_email = 1 where household_id = 'h-ada'`.execute(db);
    const links = (await sql<{ owner_id: string }>`select owner_id from reminder_unsubscribe_tokens`.execute(db)).rows;
    expect(links.map((row) => row.owner_id)).toEqual(['h-bob']);

    // Deleting a household still takes its data with it.
    await sql`delete from households where id = 'h-bob'`.execute(db);
    for (const table of DATA_TABLES) {
      const owners = (await sql<{ household_id: string }>`select household_id from ${sql.table(table)}`.execute(db)).rows;
      expect(owners.map((row) => row.household_id), table).toEqual(['h-ada']);
    }
  });
});
