import type { Kysely } from 'kysely';
import type { Database, HouseholdId } from '../../db/schema.js';

/**
 * A household's live rotations, newest first in the order the server accepted them (decision
 * 008: never by a device's clock). `coalesce`: a row written without `accepted_seq` (none
 * today) still sorts, the same on both dialects. Callers select and narrow (by child) on it.
 */
export function liveRotationsNewestFirst(db: Kysely<Database>, householdId: HouseholdId) {
  return db
    .selectFrom('rotations')
    .where('household_id', '=', householdId)
    .where('deleted', '=', 0)
    .orderBy((eb) => eb.fn.coalesce('accepted_seq', 'seq'), 'desc')
    .orderBy('seq', 'desc');
}
