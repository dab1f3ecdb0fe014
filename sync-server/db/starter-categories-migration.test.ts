import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openUnmigratedDatabase } from '../test-support/test-database.js';
import { migrations } from './migrations/index.js';

// Migration 4100 on data written before it (both dialects): households with toys or categories
// of their own are past the starter categories; only a household with neither is offered them.

const MIGRATION = '2026-11-27-4100-starter-categories';

function migrator(db: Kysely<unknown>, before: string | null, schema?: string) {
  const wanted = Object.fromEntries(Object.entries(migrations).filter(([name]) => before === null || name < before));
  return new Migrator({ db, provider: { getMigrations: async () => wanted }, migrationTableSchema: schema });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('migration 4100 (starter categories) on existing data', () => {
  it('marks the offer done for households with toys or categories, not for a new one', async () => {
    const opened = await openUnmigratedDatabase();
    close = opened.close;
    const { db } = opened;
    expect((await migrator(db, MIGRATION, opened.migrationTableSchema).migrateToLatest()).error).toBeUndefined();

    for (const id of ['with-toy', 'with-category', 'new']) {
      await sql`insert into users (id, username, email, password_hash, plan, created_at, last_active_at) values (${id}, ${id}, ${`${id}@example.com`}, 'x', 'free', 1, 1)`.execute(db);
      await sql`insert into households (id, name, created_at, kept_for, moved_to) values (${id}, 'Family', 1, null, null)`.execute(db);
      await sql`insert into settings (household_id, rotation_toys_number, last_rotation_date, seq) values (${id}, 3, null, 1)`.execute(db);
      await sql`insert into lists (household_id, id, kind, name, position, created_at, seq) values (${id}, 'uncategorized', 'category', 'Uncategorized', 0, 1, 1)`.execute(db);
    }
    await sql`insert into lists (household_id, id, kind, name, position, created_at, seq) values ('new', 'col-1', 'collection', 'Bath time', 1, 1, 2)`.execute(db);
    await sql`insert into lists (household_id, id, kind, name, position, created_at, seq) values ('with-category', 'cat-1', 'category', 'Blocks', 1, 1, 2)`.execute(db);
    await sql`insert into toys (household_id, id, title, category_id, media_id, created_at, last_rotated_at, location, feedback, seq) values ('with-toy', 't1', 'Kite', 'uncategorized', null, 1, null, null, null, 2)`.execute(db);

    expect((await migrator(db, null, opened.migrationTableSchema).migrateToLatest()).error).toBeUndefined();
    const rows = (await sql<{ household_id: string; starter_categories_done: number }>`select household_id, starter_categories_done from settings order by household_id`.execute(db)).rows;
    expect(rows.map((row) => [row.household_id, Number(row.starter_categories_done)])).toEqual([
      ['new', 0],
      ['with-category', 1],
      ['with-toy', 1],
    ]);
  });
});
