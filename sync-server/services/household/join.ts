import { HOUSEHOLD_MESSAGES } from '../../../shared/schemas/household.js';
import type { AppDeps } from '../../context.js';
import { isPostgres } from '../../db/database.js';
import type { HouseholdId } from '../../db/schema.js';
import { REPLICATED_TABLES } from '../../db/schema.js';
import { conflict, HttpError } from '../../lib/http-error.js';
import { detachMember, markSessionsLeft, membershipOf, touchSettings } from './households.js';
import { findLiveInvite, revokeOpenInvites } from './invites.js';
import { moveData, planMove } from './move-data.js';

/**
 * POST /api/household/join. The invite is spent, the user leaves their household (an owner's
 * role passes on if others stay) and joins the invite's as a member. With `bringMyToys`, the
 * live toys, lists and rotations of their old household (which must have no other members)
 * move into the new one with its children, same-named categories, collections and children
 * becoming one, photos following (move-data.ts); if the result would pass the household plan's
 * limits or CHILDREN_MAX, nothing happens (403). Without, the old household is kept for them as
 * it is, and becomes theirs again when they leave (decision 016). A household left without
 * members loses its open invites. The calling session is bound to the new household; the user's other
 * sessions get 403 {household: 'left'} and resync after renewing.
 */
export async function joinHousehold(
  deps: Pick<AppDeps, 'db' | 'feed' | 'now'>,
  userId: string,
  sessionHash: string,
  input: { code: string; bringMyToys: boolean },
): Promise<{ householdId: HouseholdId; from: HouseholdId }> {
  const now = deps.now();
  const result = await deps.db.transaction().execute(async (trx) => {
    const invite = await findLiveInvite(trx, input.code, now);
    const current = await membershipOf(trx, userId);
    if (!current) throw new HttpError(404, HOUSEHOLD_MESSAGES.memberNotFound);
    const to = invite.household_id;
    const from = current.householdId;
    if (to === from) throw conflict(HOUSEHOLD_MESSAGES.alreadyMember);
    if (isPostgres(deps.db)) {
      // PostgreSQL: a join into a household whose last member is joining elsewhere at the same
      // moment (or the reverse) waits here for the other, then reads its outcome (the invite
      // revoked, or one more member). Both rows, in one order, so two joins never deadlock.
      // SQLite runs one transaction at a time.
      await trx.selectFrom('households').select('id').where('id', 'in', [from, to]).orderBy('id').forUpdate().execute();
      await findLiveInvite(trx, input.code, now);
    }
    const others = await trx
      .selectFrom('memberships')
      .select('user_id')
      .where('household_id', '=', from)
      .where('user_id', '!=', userId)
      .execute();
    const alone = others.length === 0;
    if (input.bringMyToys && !alone) throw conflict(HOUSEHOLD_MESSAGES.bringFromShared);

    // Spent first (and only if still live), so two joins with one code cannot both succeed.
    const spent = await trx
      .updateTable('invites')
      .set({ used_at: now, used_by: userId })
      .where('code_hash', '=', invite.code_hash)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0) throw new HttpError(404, HOUSEHOLD_MESSAGES.inviteInvalid);

    const children = input.bringMyToys ? await planMove(trx, from, to, userId, now) : null;
    await detachMember(trx, userId, from);
    await trx.insertInto('memberships').values({ user_id: userId, household_id: to, role: 'member', joined_at: now }).execute();
    if (children) {
      await moveData(trx, from, to, children);
      await trx.updateTable('households').set({ moved_to: to, kept_for: userId }).where('id', '=', from).execute();
    } else if (alone) {
      await trx.updateTable('households').set({ kept_for: userId }).where('id', '=', from).execute();
    }
    // Nobody is left in the old household to welcome anyone: its invites die with it.
    if (alone) await revokeOpenInvites(trx, from, now);
    await touchSettings(trx, to);
    await markSessionsLeft(trx, userId, from, now, sessionHash);
    await trx.updateTable('sessions').set({ household_id: to }).where('token_hash', '=', sessionHash).execute();
    return { householdId: to, from };
  });
  // Every stream of the user closes (the calling device's too: it reconnects to the new household).
  deps.feed.sessionsEnded(userId);
  deps.feed.publish(result.householdId, [...REPLICATED_TABLES]);
  deps.feed.publish(result.from, [...REPLICATED_TABLES]);
  return result;
}
