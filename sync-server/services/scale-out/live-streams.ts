import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDeps } from '../../context.js';
import { databaseNow } from '../../db/database-clock.js';
import { isPostgres, type DB } from '../../db/database.js';
import { findSessionUser } from '../auth/sessions.js';
import { ownerOf } from '../household/scope.js';

// How many live sync streams an account holds open, counted over every server instance: each
// open stream holds a row of live_streams (a "slot"). The stream's heartbeat pushes the slot's
// expiry forward; closing the stream deletes it; an instance that shuts down deletes its own;
// an instance that dies leaves slots that run out after SLOT_TTL_MS, and the next claim for
// that account deletes them. Expiry is the database's time (database-clock.ts), never an
// instance's: instances whose clocks disagree share these rows.

/**
 * Three stream heartbeats (25 s apart): one late heartbeat (a slow query, a busy event loop)
 * never loses a slot, and a dead instance's slots free within a minute and a quarter.
 */
export const SLOT_TTL_MS = 75_000;

/** Advisory-lock namespace of stream slots ("tstr"), apart from scheduled jobs' ("toyr"). */
const LOCK_NAMESPACE = 0x74737472;

type SlotDeps = Pick<AppDeps, 'db' | 'instanceId'>;

/**
 * Takes a slot for a new stream of `userId`, or returns null when `max` are held already.
 * Count and insert run in one transaction under a per-account lock (PostgreSQL: an advisory
 * transaction lock; SQLite: one writer at a time), so two instances never both take the last slot.
 */
export async function claimStreamSlot(deps: SlotDeps, userId: string, max: number): Promise<string | null> {
  const now = databaseNow(deps.db);
  return deps.db.transaction().execute(async (trx) => {
    if (isPostgres(deps.db)) await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${userId}))`.execute(trx);
    await trx.deleteFrom('live_streams').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
    const { held } = await trx
      .selectFrom('live_streams')
      .select((eb) => eb.fn.countAll<number>().as('held'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(held) >= max) return null;
    const id = randomUUID();
    await trx.insertInto('live_streams').values({ id, user_id: userId, instance_id: deps.instanceId, expires_at: sql<number>`${now} + ${SLOT_TTL_MS}` }).execute();
    return id;
  });
}

/** On each heartbeat: the slot lives on. False when it is gone (it ran out while this instance stalled). */
export async function refreshStreamSlot(deps: Pick<AppDeps, 'db'>, slot: string): Promise<boolean> {
  const expiresAt = sql<number>`${databaseNow(deps.db)} + ${SLOT_TTL_MS}`;
  const result = await deps.db.updateTable('live_streams').set({ expires_at: expiresAt }).where('id', '=', slot).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseStreamSlot(deps: Pick<AppDeps, 'db'>, slot: string): Promise<void> {
  await deps.db.deleteFrom('live_streams').where('id', '=', slot).execute();
}

/** At shutdown: this instance's streams are about to drop, and their devices reconnect elsewhere at once. */
export async function releaseInstanceSlots(db: DB, instanceId: string): Promise<void> {
  await db.deleteFrom('live_streams').where('instance_id', '=', instanceId).execute();
}

/**
 * Whether a live stream may go on: its session is still live and still acts on the household
 * the stream carries. Asked on each heartbeat and whenever the feed says a session of the user
 * ended (the feed does not say which: session tokens never travel between instances).
 */
export async function streamStillAllowed(deps: Pick<AppDeps, 'db' | 'now'>, sessionHash: string, householdId: string): Promise<boolean> {
  const session = await findSessionUser(deps, sessionHash, { hashed: true });
  if (!session) return false;
  return ownerOf(deps, session).then((owner) => owner.id === householdId, () => false);
}
