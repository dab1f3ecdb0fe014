import type { Transaction } from 'kysely';
import { FIRST_CHILD_ID, type Child } from '../../../shared/schemas/docs.js';
import type { Database, HouseholdId } from '../../db/schema.js';
import { liveRotationsNewestFirst } from '../rotation/rotation-order.js';
import type { Doc } from './merge.js';

// A child's last rotation date names its current rotation (decision 008): storing a rotation
// stamps it. A device's settings push can still carry the date of its own rotation after
// another device's later rotation was stored and stamped (two replications: its rotation went
// out, its network dropped before its settings did). Taken as the later write, that date would
// name a rotation that is no longer the current one, on every device and in getLastRotationDate.

/** The dates of a child's stored rotations, the current one (latest in the server's order) first. */
async function rotationDates(trx: Transaction<Database>, householdId: HouseholdId, childId: string): Promise<number[]> {
  const rows = await liveRotationsNewestFirst(trx, householdId).select('created_at').where('child_id', '=', childId).execute();
  return rows.map((row) => Number(row.created_at));
}

/**
 * The pushed date if it is the current rotation's, or names no stored rotation (the device's own
 * rotation not stored yet, or a date set by REST updateLastRotationDate); the stored date if it
 * names one of the child's older rotations.
 */
async function keptDate(trx: Transaction<Database>, householdId: HouseholdId, childId: string, pushed: unknown, stored: unknown): Promise<unknown> {
  if (typeof pushed !== 'number' || pushed === stored) return pushed;
  const [current, ...older] = await rotationDates(trx, householdId, childId);
  return current !== pushed && older.includes(pushed) ? stored : pushed;
}

/** Settings after a push's merge, with every child's last rotation date naming its current rotation. */
export async function keepCurrentRotationDates(trx: Transaction<Database>, householdId: HouseholdId, merged: Doc, master: Doc | undefined): Promise<Doc> {
  if (!master) return merged;
  const lastRotationDate = await keptDate(trx, householdId, FIRST_CHILD_ID, merged.lastRotationDate, master.lastRotationDate);
  const children = { ...(merged.children as Record<string, Child>) };
  const storedChildren = (master.children ?? {}) as Record<string, Child>;
  for (const [id, child] of Object.entries(children)) {
    const date = await keptDate(trx, householdId, id, child.lastRotationDate, storedChildren[id]?.lastRotationDate);
    if (date !== child.lastRotationDate) children[id] = { ...child, lastRotationDate: date as number | null };
  }
  return { ...merged, lastRotationDate, children };
}
