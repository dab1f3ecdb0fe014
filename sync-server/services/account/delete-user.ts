import type { AppDeps } from '../../context.js';
import { REPLICATED_TABLES } from '../../db/schema.js';
import { cancelSubscriptionsForDeletion } from '../billing/account-deletion.js';
import { deleteUnusedMediaFiles } from '../media/media-store.js';
import { releaseHouseholdsOf } from '../household/release.js';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/**
 * Deletes a user for good: first their Stripe subscriptions (once the row is gone nothing
 * links the customer to anyone, and a deleted account must never be billed again; if Stripe
 * cannot be reached this throws a 502 and nothing is deleted), then their household if they
 * were its only member (its toys, lists, settings, rotations and media rows by cascade; a
 * shared one stays with the others, the longest-standing member becoming owner), then the
 * users row with their sessions and password resets; then the photo files of the deleted
 * households, except files another household also holds (same content hash).
 * Returns false when there was no such user.
 */
export async function deleteUser(deps: Pick<AppDeps, 'db' | 'feed' | 'env' | 'log' | 'media'>, userId: string): Promise<boolean> {
  const user = await deps.db.selectFrom('users').select(['id', 'stripe_customer_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  await cancelSubscriptionsForDeletion(deps, user);
  const released = await deps.db.transaction().execute(async (trx) => {
    // Households (issue 13): one shared with others passes to the longest-standing member
    // with its data; one the user was alone in, and ones kept for them, go with their data.
    const households = await releaseHouseholdsOf(trx, userId);
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? households : null;
  });
  if (released === null) return false;
  const { mediaIds } = released;
  // Open sync streams of this user end at once.
  deps.feed.sessionsEnded(userId);
  for (const id of released.deleted) deps.feed.publish(id, [...REPLICATED_TABLES]);
  if (released.sharedHousehold) deps.feed.publish(released.sharedHousehold, ['settings']);
  await deleteUnusedMediaFiles(deps.db, deps.media, mediaIds);
  return true;
}
