import { HOUSEHOLD_LEFT } from '../../../shared/schemas/household.js';
import type { AppDeps } from '../../context.js';
import type { HouseholdId } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import type { SessionUser } from '../auth/sessions.js';
import { householdPlan } from './households.js';
import type { Owner } from './owner.js';

export type { Owner, PlanScope } from './owner.js';

/**
 * How long after leaving (or removal) a device of that person may still hand in the changes it
 * made before: sync pushes only, additions and edits of rows nobody changed since, never a
 * delete and never a read (decision 016).
 */
export const HAND_IN_WINDOW_MS = 72 * 60 * 60 * 1000;

/** The header naming the household a push hands changes in to (the device's old household). */
export const HAND_IN_HEADER = 'x-hand-in';

export const householdLeft = () => new HttpError(403, HOUSEHOLD_LEFT.error, undefined, { household: HOUSEHOLD_LEFT.household });

/**
 * The household a live session acts on: the one it was opened in, while its user is still a
 * member there. After leaving or removal every household call answers 403
 * {"error": ..., "household": "left"}; with `handIn`, a push within HAND_IN_WINDOW_MS of
 * leaving still reaches that household (or where its data moved), write-only.
 */
export async function ownerOf(
  deps: Pick<AppDeps, 'db' | 'now'>,
  session: SessionUser,
  options: { handIn?: boolean; handInTo?: HouseholdId } = {},
): Promise<Owner> {
  const { user, binding } = session;
  if (options.handIn) {
    // A session that left its household hands in to it; any live session of the person may
    // name the household it hands in to (a device that had to log in again).
    const target = options.handInTo ?? (binding.leftAt !== null ? binding.householdId : undefined);
    if (target) {
      const handIn = await handInTarget(deps, user.id, target);
      if (handIn) return handIn;
    }
  }
  // Read with the session (findSessionUser), so the common call makes no query here.
  const membership = session.household;
  // A hand-in the person may not (or no longer) make is refused, never written elsewhere.
  const refusedHandIn = options.handInTo !== undefined && options.handInTo !== membership?.id;
  if (!refusedHandIn && binding.leftAt === null && membership && membership.id === binding.householdId) {
    return { id: membership.id, plan: membership.paid ? 'paid' : 'free', actorId: user.id, role: membership.role };
  }
  throw householdLeft();
}

/** The hand-in scope for a person who left `householdId` less than HAND_IN_WINDOW_MS ago (where its data is now). */
async function handInTarget(deps: Pick<AppDeps, 'db' | 'now'>, userId: string, householdId: HouseholdId): Promise<Owner | null> {
  const departure = await deps.db
    .selectFrom('departures')
    .selectAll()
    .where('user_id', '=', userId)
    .where('household_id', '=', householdId)
    .where('left_at', '>', deps.now() - HAND_IN_WINDOW_MS)
    .orderBy('left_at', 'desc')
    .executeTakeFirst();
  if (!departure) return null;
  const left = await deps.db.selectFrom('households').select(['id', 'moved_to']).where('id', '=', householdId).executeTakeFirst();
  const target = left?.moved_to ?? left?.id;
  if (!target || !(await deps.db.selectFrom('households').select('id').where('id', '=', target).executeTakeFirst())) return null;
  return { id: target, plan: await householdPlan(deps.db, target), actorId: userId, role: 'member', handInSince: Number(departure.left_seq) };
}

