import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../context.js';
import { databaseNowMs } from '../../db/database-clock.js';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import { seedUser } from '../../test-support/users.js';
import { claimStreamSlot, refreshStreamSlot, SLOT_TTL_MS } from './live-streams.js';

// Two server instances share the live-stream slots in the database, and their clocks disagree
// (a host whose clock runs minutes ahead or behind). A slot's expiry is the database's time, so
// neither instance takes the other's live slots for expired (and gets past the cap of 10), nor
// keeps a dead instance's expired slots for live (and refuses a parent's 10th device).

const MAX = 10;
const MINUTES = 60_000;
let database: TestDatabase;
let other: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  other = await openTestDatabase(database); // the second instance, on the same database
});
afterAll(async () => {
  await other.close();
  await database.close();
});

/** An instance whose own clock is `skewMs` off. */
const instance = (db: TestDatabase, skewMs: number) => ({ db: db.db, now: () => Date.now() + skewMs, instanceId: randomUUID() });

// seedUser needs only the database and a clock of the deps.
const seedAccount = () => seedUser({ db: database.db, now: () => Date.now() } as unknown as AppDeps);

const slotsOf = async (userId: string) =>
  database.db.selectFrom('live_streams').select(['id', 'expires_at']).where('user_id', '=', userId).execute();

describe('live-stream slots over instances with skewed clocks', () => {
  it('an instance whose clock runs ahead does not take the live slots of another for expired', async () => {
    const { userId } = await seedAccount();
    const onTime = instance(database, 0);
    const ahead = instance(other, 10 * MINUTES);
    for (let i = 0; i < MAX; i++) expect(await claimStreamSlot(onTime, userId, MAX)).not.toBeNull();
    expect(await claimStreamSlot(ahead, userId, MAX)).toBeNull();
    expect(await slotsOf(userId)).toHaveLength(MAX);
  });

  it('an instance whose clock runs behind frees the slots the database says have run out', async () => {
    const { userId } = await seedAccount();
    const behind = instance(other, -10 * MINUTES);
    // A dead instance's slots, run out a second ago by the database's clock.
    const ranOut = (await databaseNowMs(database.db)) - 1000;
    await database.db
      .insertInto('live_streams')
      .values(Array.from({ length: MAX }, () => ({ id: randomUUID(), user_id: userId, instance_id: 'dead', expires_at: ranOut })))
      .execute();
    expect(await claimStreamSlot(behind, userId, MAX)).not.toBeNull();
    expect(await slotsOf(userId)).toHaveLength(1);
  });

  it('claims and heartbeats set the expiry from the database clock, whatever the instance says', async () => {
    const { userId } = await seedAccount();
    for (const skew of [-10 * MINUTES, 10 * MINUTES]) {
      const skewed = instance(other, skew);
      const before = await databaseNowMs(database.db);
      const slot = await claimStreamSlot(skewed, userId, MAX);
      expect(await refreshStreamSlot(skewed, slot!)).toBe(true);
      const after = await databaseNowMs(database.db);
      const row = (await slotsOf(userId)).find((s) => s.id === slot)!;
      expect(Number(row.expires_at)).toBeGreaterThanOrEqual(before + SLOT_TTL_MS);
      expect(Number(row.expires_at)).toBeLessThanOrEqual(after + SLOT_TTL_MS);
    }
  });
});
