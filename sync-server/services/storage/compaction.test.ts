import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, SQLITE_FILE } from '../../db/database.js';
import { nextSeq } from '../change-feed.js';
import { ROTATION_TOMBSTONE_ROW } from '../sync/tombstones.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { runScheduledCleanup } from '../scheduled-jobs.js';
import { compactStorage } from './compaction.js';
import { asHouseholdId } from '../../db/schema.js';

// Trimmed and deleted rows stay as small tombstones; the space their bulk took is given back by
// the daily compaction (decision 030): the SQLite file shrinks, PostgreSQL vacuums. Both databases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const toyIds = JSON.stringify(Array.from({ length: 500 }, (_, i) => `toy-${i}-${'x'.repeat(40)}`));

/** 1,000 rotations of 500 toy ids each, then trimmed to tombstones (as the rolling history does). */
async function churn(userId: string): Promise<void> {
  for (let batch = 0; batch < 10; batch++) {
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 100; i++) {
        const seq = await nextSeq(trx);
        await trx.insertInto('rotations').values({ household_id: userId, id: `r-${batch}-${i}`, created_at: 1, toy_ids: toyIds, deleted: 0, seq, accepted_seq: seq, observations: '{}' } as never).execute();
      }
    });
  }
  await t.db.updateTable('rotations').set(ROTATION_TOMBSTONE_ROW).where('household_id', '=', asHouseholdId(userId)).execute();
}

describe('storage compaction', () => {
  it('gives the space of trimmed rows back: the SQLite file shrinks; PostgreSQL vacuums', async () => {
    const user = await seedUser(t.deps);
    await churn(user.userId);
    if (isPostgres(t.db)) {
      await compactStorage(t.deps);
      const { rows } = await sql<{ vacuumed: boolean; dead: number }>`
        select last_vacuum is not null as vacuumed, n_dead_tup as dead from pg_stat_user_tables
        where relname = 'rotations' and schemaname = current_schema()`.execute(t.db);
      expect(rows[0]).toMatchObject({ vacuumed: true, dead: 0 });
      return;
    }
    expect(Number((await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(t.db)).rows[0]?.auto_vacuum)).toBe(2); // INCREMENTAL
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
    const file = path.join(t.dataDir, SQLITE_FILE);
    const before = fs.statSync(file).size;
    const report = await compactStorage(t.deps);
    const after = fs.statSync(file).size;
    expect(before - after, `${before} -> ${after} bytes`).toBeGreaterThan(10 * 1024 * 1024);
    expect(report.bytesAfter).toBeLessThan(report.bytesBefore!);
    // The tombstones stay (sync needs them): only their bulk's space went.
    expect(await t.db.selectFrom('rotations').select('id').where('household_id', '=', asHouseholdId(user.userId)).where('deleted', '=', 1).execute()).toHaveLength(1000);
  });

  it('runs with the daily cleanup', async () => {
    const lines: string[] = [];
    t.advance(2 * 24 * 60 * 60 * 1000);
    expect(await runScheduledCleanup({ ...t.deps, log: (line) => lines.push(line) })).toBe(true);
    expect(lines.some((line) => line.startsWith('storage compaction'))).toBe(true);
  });
});
