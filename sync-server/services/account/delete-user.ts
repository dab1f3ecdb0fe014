import type { AppDeps } from '../../context.js';
import { REPLICATED_TABLES } from '../../db/schema.js';
import { cancelSubscriptionsForDeletion } from '../billing/account-deletion.js';
import { deleteUnusedMediaFiles } from '../media/media-store.js';

export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/**
 * Deletes a user for good: first their Stripe subscriptions (once the row is gone nothing
 * links the customer to anyone, and a deleted account must never be billed again; if Stripe
 * cannot be reached this throws a 502 and nothing is deleted), then the users row, and by
 * cascade their sessions, password resets, toys, lists, settings, rotations and media rows;
 * then their photo files, except files another user also uploaded (same content hash).
 * Returns false when there was no such user.
 */
export async function deleteUser(deps: Pick<AppDeps, 'db' | 'feed' | 'env' | 'log'>, userId: string): Promise<boolean> {
  const user = await deps.db.selectFrom('users').select(['id', 'stripe_customer_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  await cancelSubscriptionsForDeletion(deps, user);
  const mediaIds = await deps.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('media').select('id').where('user_id', '=', userId).execute();
    const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? rows.map((row) => row.id) : null;
  });
  if (mediaIds === null) return false;
  // Open sync streams of this user wake up, find no session, and end.
  deps.feed.publish(userId, [...REPLICATED_TABLES]);
  await deleteUnusedMediaFiles(deps.db, deps.env.DATA_DIR, mediaIds);
  return true;
}
