import type { HouseholdRole } from '../../../shared/schemas/household.js';
import { HOUSEHOLD_MESSAGES } from '../../../shared/schemas/household.js';
import type { AppDeps } from '../../context.js';
import { isPostgres } from '../../db/database.js';
import type { HouseholdId } from '../../db/schema.js';
import { REPLICATED_TABLES } from '../../db/schema.js';
import { forbidden } from '../../lib/http-error.js';
import { deleteUnusedMediaFiles } from '../media/media-store.js';
import { dropHouseholds } from './drop.js';
import { announceDeparture, depart, membershipOf } from './households.js';

/**
 * DELETE /api/household (owner only, decision 016). In one transaction every member, the owner
 * included, departs as on removal (their sessions get 403 {household: 'left'}; each gets back
 * the household they left behind when joining, else a fresh empty one), then the household
 * goes with its data, media rows, invites and practice rows. After commit: the members' live
 * streams close, and the photo files no other household holds are deleted. Billing is not
 * touched: a plan belongs to the paying account and follows it to its new household, as when
 * a paying member leaves. Returns the owner's new household.
 */
export async function deleteHousehold(
  deps: Pick<AppDeps, 'db' | 'feed' | 'now' | 'media'>,
  actor: { userId: string; role: HouseholdRole },
  householdId: HouseholdId,
): Promise<HouseholdId> {
  if (actor.role !== 'owner') throw forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
  const now = deps.now();
  const { departures, mediaIds } = await deps.db.transaction().execute(async (trx) => {
    // PostgreSQL: a join racing this one waits here (its membership's foreign key needs this
    // row), then fails, instead of landing in a household that is about to go. SQLite runs one
    // transaction at a time.
    if (isPostgres(deps.db)) await trx.selectFrom('households').select('id').where('id', '=', householdId).forUpdate().execute();
    const self = await membershipOf(trx, actor.userId);
    if (self?.householdId !== householdId || self.role !== 'owner') throw forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
    const members = await trx.selectFrom('memberships').select('user_id').where('household_id', '=', householdId).orderBy('joined_at').orderBy('user_id').execute();
    const gone: Awaited<ReturnType<typeof depart>>[] = [];
    for (const { user_id } of members) gone.push(await depart(trx, user_id, householdId, now));
    return { departures: gone, mediaIds: (await dropHouseholds(trx, [householdId])).mediaIds };
  });
  for (const departure of departures) announceDeparture(deps, departure);
  deps.feed.publish(householdId, [...REPLICATED_TABLES]);
  await deleteUnusedMediaFiles(deps.db, deps.media, mediaIds);
  const own = departures.find((departure) => departure.userId === actor.userId);
  if (!own) throw new Error('deleteHousehold: the owner did not depart');
  return own.to;
}
