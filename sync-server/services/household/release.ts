import type { Transaction } from 'kysely';
import type { Database, HouseholdId } from '../../db/schema.js';
import { dropHouseholds } from './drop.js';
import { detachMember, memberCount, membershipOf, promoteLongestStanding } from './households.js';

type Trx = Transaction<Database>;

/**
 * Before an account is deleted: a household it shares passes to the longest-standing other
 * member (if it owned it); a household it was alone in, and households kept for it, are
 * deleted with their data (dropHouseholds, which never drops a household someone is still a
 * member of). Returns the ids of the photos of the deleted households (for
 * deleteUnusedMediaFiles), the households deleted, and the household the others keep, if any.
 */
export async function releaseHouseholdsOf(trx: Trx, userId: string): Promise<{ mediaIds: string[]; sharedHousehold: HouseholdId | null; deleted: HouseholdId[] }> {
  const membership = await membershipOf(trx, userId);
  const doomed = (await trx.selectFrom('households').select('id').where('kept_for', '=', userId).execute()).map((row) => row.id);
  let sharedHousehold: HouseholdId | null = null;
  if (membership) {
    if ((await memberCount(trx, membership.householdId)) <= 1) {
      await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
      doomed.push(membership.householdId);
    } else {
      await detachMember(trx, userId, membership.householdId);
      sharedHousehold = membership.householdId;
    }
  }
  const { dropped, mediaIds } = await dropHouseholds(trx, doomed);
  // A kept household someone joined anyway (through an invite from before such invites were
  // refused) stays with them, as their own: no longer kept, and with an owner.
  for (const id of doomed.filter((kept) => !dropped.includes(kept))) {
    await trx.updateTable('households').set({ kept_for: null }).where('id', '=', id).execute();
    const owner = await trx.selectFrom('memberships').select('user_id').where('household_id', '=', id).where('role', '=', 'owner').executeTakeFirst();
    if (!owner) await promoteLongestStanding(trx, id);
  }
  return { mediaIds, sharedHousehold, deleted: dropped };
}
