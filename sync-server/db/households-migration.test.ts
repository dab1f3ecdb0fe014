import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openUnmigratedDatabase } from '../test-support/test-database.js';
import { migrations } from './migrations/index.js';

// Issue 13, migration 0600 on data written before it (both dialects): every existing account
// becomes the owner of a household whose id is its user id, its rows stay exactly as they
// were (so no device resyncs), its sessions keep working in that household, and the data now
// belongs to the household (its rows outlive the founding account, and go with the household).

const HOUSEHOLDS = '2026-11-24-0600-households';
/** The migration after 0600: this test looks at the data just after 0600 (later ones add their own columns). */
const AFTER_HOUSEHOLDS = Object.keys(migrations).sort().find((name) => name > HOUSEHOLDS) ?? null;

function migrator(db: Kysely<unknown>, upTo: string | null, schema?: string) {
  const wanted = Object.fromEntries(Object.entries(migrations).filter(([name]) => upTo === null || name < upTo));
  return new Migrator({ db, provider: { getMigrations: async () => wanted }, migrationTableSchema: schema });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const rowsOf = async (db: Kysely<unknown>, table: string) =>
  (await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by id`.execute(db)).rows;

describe('migration 0600 (households) on existing accounts', () => {
  it('gives each account a household with its own id, keeps every row as it was, binds sessions', async () => {
    const opened = await openUnmigratedDatabase();
    close = opened.close;
    const { db } = opened;
    const before = await migrator(db, HOUSEHOLDS, opened.migrationTableSchema).migrateToLatest();
    expect(before.error).toBeUndefined();

    for (const [id, name] of [['u-ada', 'Ada'], ['u-bob', 'Bob']] as const) {
      await sql`insert into users (id, username, email, password_hash, plan, created_at, last_active_at) values (${id}, ${name}, ${`${id}@example.com`}, 'x', 'free', 1000, 1000)`.execute(db);
      await sql`insert into sessions (token_hash, user_id, created_at, expires_at) values (${`hash-${id}`}, ${id}, 1000, 99999999999999)`.execute(db);
      await sql`insert into settings (user_id, rotation_toys_number, last_rotation_date, tips_dismissed, seq) values (${id}, 3, null, 0, 1)`.execute(db);
      await sql`insert into lists (user_id, id, kind, name, position, created_at, deleted, seq, merged_into) values (${id}, 'uncategorized', 'category', 'Uncategorized', 0, 1000, 0, 2, null)`.execute(db);
      await sql`insert into toys (user_id, id, title, category_id, caption, media_id, collection_ids, excluded, favorite, created_at, last_rotated_at, location, retired, feedback, deleted, seq) values (${id}, ${`toy-${id}`}, 'Blocks', 'uncategorized', '', null, '[]', 0, 0, 1000, null, null, 0, null, 0, 3)`.execute(db);
      await sql`insert into rotations (user_id, id, created_at, toy_ids, deleted, seq, accepted_seq) values (${id}, ${`rot-${id}`}, 1000, '[]', 0, 4, 4)`.execute(db);
      await sql`insert into media (user_id, id, mime, bytes, width, height, created_at) values (${id}, ${'a'.repeat(63) + id.slice(-1)}, 'image/jpeg', 10, 1, 1, 1000)`.execute(db);
    }
    const dataBefore: Record<string, unknown[]> = {};
    for (const table of ['toys', 'lists', 'rotations', 'media']) dataBefore[table] = await rowsOf(db, table);

    const after = await migrator(db, AFTER_HOUSEHOLDS, opened.migrationTableSchema).migrateToLatest();
    expect(after.error).toBeUndefined();

    expect(await rowsOf(db, 'households')).toEqual([
      expect.objectContaining({ id: 'u-ada', name: "Ada's family", kept_for: null, moved_to: null }),
      expect.objectContaining({ id: 'u-bob', name: "Bob's family" }),
    ]);
    const memberships = (await sql<Record<string, unknown>>`select * from memberships order by user_id`.execute(db)).rows;
    expect(memberships.map((m) => [m.user_id, m.household_id, m.role])).toEqual([
      ['u-ada', 'u-ada', 'owner'],
      ['u-bob', 'u-bob', 'owner'],
    ]);
    const sessions = (await sql<Record<string, unknown>>`select * from sessions order by user_id`.execute(db)).rows;
    expect(sessions.map((s) => [s.user_id, s.household_id, s.left_at])).toEqual([
      ['u-ada', 'u-ada', null],
      ['u-bob', 'u-bob', null],
    ]);
    // Same rows, same values, same seqs: no device has anything new to pull.
    for (const table of ['toys', 'lists', 'rotations', 'media']) {
      const now = (await rowsOf(db, table)).map((row) => {
        const { created_by: _c, updated_by: _u, ...rest } = row;
        return rest;
      });
      expect(now, table).toEqual(dataBefore[table]);
    }
    const settings = (await sql<Record<string, unknown>>`select user_id, seq from settings order by user_id`.execute(db)).rows;
    expect(settings.map((s) => [s.user_id, Number(s.seq)])).toEqual([
      ['u-ada', 1],
      ['u-bob', 1],
    ]);

    // The data now hangs on the household: a row for a household that does not exist is refused,
    // one for a household whose id is no user's is accepted.
    await expect(
      sql`insert into toys (user_id, id, title, category_id, created_at, seq) values ('no-such-household', 't', 'x', 'uncategorized', 1, 9)`.execute(db),
    ).rejects.toThrow();
    await sql`insert into households (id, name, created_at) values ('h-new', 'New', 1)`.execute(db);
    await sql`insert into toys (user_id, id, title, category_id, created_at, seq) values ('h-new', 't', 'x', 'uncategorized', 1, 9)`.execute(db);
    // Deleting the household takes its data with it; deleting an account alone does not.
    await sql`delete from memberships where user_id = 'u-bob'`.execute(db);
    await sql`delete from users where id = 'u-bob'`.execute(db);
    expect((await rowsOf(db, 'toys')).map((t) => t.id)).toEqual(['t', 'toy-u-ada', 'toy-u-bob']);
    await sql`delete from households where id = 'u-bob'`.execute(db);
    expect((await rowsOf(db, 'toys')).map((t) => t.id)).toEqual(['t', 'toy-u-ada']);
  });
});
