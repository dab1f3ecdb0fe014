import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openUnmigratedDatabase } from '../test-support/test-database.js';
import { migrations } from './migrations/index.js';

// Migration 1100 on data written before it (both dialects): existing photos are marked as
// stored before re-encoding (new rows are not), sessions get an empty lineage, and deleted
// rotations and toys lose their bulk (decision 010).

const MIGRATION = '2026-11-26-1100-security-gaps';

function migrator(db: Kysely<unknown>, before: string | null, schema?: string) {
  const wanted = Object.fromEntries(Object.entries(migrations).filter(([name]) => before === null || name < before));
  return new Migrator({ db, provider: { getMigrations: async () => wanted }, migrationTableSchema: schema });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

const rows = async (db: Kysely<unknown>, query: ReturnType<typeof sql<Record<string, unknown>>>) => (await query.execute(db)).rows;

describe('migration 1100 (security gaps) on existing data', () => {
  it('marks old photos for re-encoding, leaves sessions working and strips deleted rows', async () => {
    const opened = await openUnmigratedDatabase();
    close = opened.close;
    const { db } = opened;
    expect((await migrator(db, MIGRATION, opened.migrationTableSchema).migrateToLatest()).error).toBeUndefined();

    const bulk = JSON.stringify(['t1', 't2']);
    await sql`insert into users (id, username, email, password_hash, plan, created_at, last_active_at) values ('u', 'Ada', 'u@example.com', 'x', 'free', 1, 1)`.execute(db);
    await sql`insert into households (id, name, created_at, kept_for, moved_to) values ('u', 'Family', 1, null, null)`.execute(db);
    await sql`insert into sessions (token_hash, user_id, household_id, created_at, expires_at) values ('hash', 'u', 'u', 1, 99999999999999)`.execute(db);
    await sql`insert into media (user_id, id, mime, bytes, width, height, created_at) values ('u', ${'a'.repeat(64)}, 'image/png', 10, 1, 1, 1)`.execute(db);
    for (const [id, deleted] of [['gone', 1], ['kept', 0]] as const) {
      await sql`insert into rotations (user_id, id, created_at, toy_ids, deleted, seq, accepted_seq, observations) values ('u', ${id}, 1, ${bulk}, ${deleted}, 5, 5, ${JSON.stringify({ t1: 'lot' })})`.execute(db);
      await sql`insert into toys (user_id, id, title, category_id, caption, media_id, collection_ids, excluded, favorite, created_at, last_rotated_at, location, retired, feedback, deleted, seq) values ('u', ${id}, 'Blocks', 'uncategorized', 'A long story', null, ${bulk}, 0, 0, 1, null, 'Shelf', 0, null, ${deleted}, 6)`.execute(db);
    }

    expect((await migrator(db, null, opened.migrationTableSchema).migrateToLatest()).error).toBeUndefined();

    await sql`insert into media (household_id, id, mime, bytes, width, height, created_at) values ('u', ${'b'.repeat(64)}, 'image/jpeg', 10, 1, 1, 2)`.execute(db);
    expect(await rows(db, sql`select id, reencoded from media order by id`)).toEqual([
      { id: 'a'.repeat(64), reencoded: 0 },
      { id: 'b'.repeat(64), reencoded: 1 },
    ]);
    expect(await rows(db, sql`select token_hash, lineage from sessions`)).toEqual([{ token_hash: 'hash', lineage: null }]);
    expect(await rows(db, sql`select id, toy_ids, observations, seq from rotations order by id`)).toEqual([
      { id: 'gone', toy_ids: '[]', observations: '{}', seq: expect.anything() },
      { id: 'kept', toy_ids: bulk, observations: JSON.stringify({ t1: 'lot' }), seq: expect.anything() },
    ]);
    expect(await rows(db, sql`select id, caption, location, collection_ids from toys order by id`)).toEqual([
      { id: 'gone', caption: '', location: null, collection_ids: '[]' },
      { id: 'kept', caption: 'A long story', location: 'Shelf', collection_ids: bulk },
    ]);
  });
});
