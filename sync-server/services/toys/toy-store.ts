import type { Kysely, Transaction } from 'kysely';
import type { Database, ToyRow, HouseholdId } from '../../db/schema.js';
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import { notFound } from '../../lib/http-error.js';
import { patchDoc, scopeOf } from '../replicated/apply.js';
import type { WithDeleted } from '../sync/row-mapping.js';

type Db = Kysely<Database> | Transaction<Database>;

export const TOY_NOT_FOUND = 'That toy was not found.';

/** This user's toys that are not (soft-)deleted: the only toys REST calls may see. */
function liveToys(db: Db, householdId: HouseholdId) {
  return db.selectFrom('toys').selectAll().where('household_id', '=', householdId).where('deleted', '=', 0);
}

/** A live toy of this user; another user's toy, a deleted one or a made-up id: 404. */
export async function findToy(db: Db, householdId: HouseholdId, id: string): Promise<ToyRow> {
  const row = await liveToys(db, householdId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TOY_NOT_FOUND);
  return row;
}

/** The live toys of this user among `ids` (in no particular order; missing ones left out). */
export async function findToys(db: Db, householdId: HouseholdId, ids: string[]): Promise<ToyRow[]> {
  return ids.length === 0 ? [] : liveToys(db, householdId).where('id', 'in', ids).execute();
}

/** Newest first. The active inventory by default; `retired: true` lists the retired toys instead. */
export async function listToyRows(db: Db, householdId: HouseholdId, options: { retired?: boolean } = {}): Promise<ToyRow[]> {
  return liveToys(db, householdId)
    .where('retired', '=', options.retired ? 1 : 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Counts the active toys (retired ones leave the inventory and the plan's count, decision 018). */
export async function countToys(db: Db, householdId: HouseholdId, where: { excluded?: boolean; favorite?: boolean } = {}): Promise<number> {
  let query = db
    .selectFrom('toys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('household_id', '=', householdId)
    .where('deleted', '=', 0)
    .where('retired', '=', 0);
  if (where.excluded !== undefined) query = query.where('excluded', '=', where.excluded ? 1 : 0);
  if (where.favorite !== undefined) query = query.where('favorite', '=', where.favorite ? 1 : 0);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes fields of one toy through the one write path (replicated/apply.ts): the same merge,
 * invariants and stamps (the acting user as updatedBy) as a device's push of the change.
 */
export async function patchToy(trx: Transaction<Database>, householdId: HouseholdId, id: string, patch: Partial<WithDeleted<ToyDoc>>): Promise<void> {
  await patchDoc(scopeOf(trx, householdId), 'toys', id, patch);
}
