import type { Transaction } from 'kysely';
import type { Database, HouseholdId } from '../../db/schema.js';

/**
 * Deletes these households with everything they hold: toys, lists, settings, rotations, media
 * rows and invites go by cascade; the server-only practice rows (the calendar feed's secret,
 * the reminders sent) carry no foreign key, so they go here. A household that still has a
 * member is never dropped (its memberships would go by cascade, leaving that person with no
 * household at all): only the empty ones go. Returns the households dropped and the ids of the
 * photos they held, for deleteUnusedMediaFiles once the transaction has committed (a file
 * another household also holds stays).
 */
export async function dropHouseholds(trx: Transaction<Database>, ids: readonly HouseholdId[]): Promise<{ dropped: HouseholdId[]; mediaIds: string[] }> {
  if (ids.length === 0) return { dropped: [], mediaIds: [] };
  const occupied = new Set(
    (await trx.selectFrom('memberships').select('household_id').where('household_id', 'in', ids).execute()).map((row) => row.household_id),
  );
  const dropped = [...new Set(ids)].filter((id) => !occupied.has(id));
  if (dropped.length === 0) return { dropped, mediaIds: [] };
  const media = await trx.selectFrom('media').select('id').where('household_id', 'in', dropped).execute();
  await dropPracticeRows(trx, dropped);
  // Households this one's data moved into are not touched; its own row and data go.
  await trx.deleteFrom('households').where('id', 'in', dropped).execute();
  return { dropped, mediaIds: media.map((row) => row.id) };
}

/** The calendar feed and the reminders sent of these households (no foreign key: deleted by hand). */
export async function dropPracticeRows(trx: Transaction<Database>, ids: readonly HouseholdId[]): Promise<void> {
  await trx.deleteFrom('calendar_feeds').where('owner_id', 'in', ids).execute();
  await trx.deleteFrom('rotation_reminders').where('owner_id', 'in', ids).execute();
}
