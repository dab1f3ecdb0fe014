import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import type { HouseholdId } from '../../db/schema.js';

// The one-click unsubscribe links of reminder emails (decision 028): each email gets a link of
// its own, of which only the token's SHA-256 is stored (a leaked database unsubscribes nobody
// and shows no link). Turning reminders back on after they were off ends every link mailed
// before (a trigger on settings, migration 1000 of 2026-11-27): the next email brings a new one.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A link older than this no longer unsubscribes (a reminder mailed a year ago). */
const UNSUBSCRIBE_LINK_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/** A new token for the next reminder email of the household (shown only in that email). */
export async function newUnsubscribeToken(deps: Pick<AppDeps, 'db' | 'now'>, householdId: HouseholdId): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.deleteFrom('reminder_unsubscribe_tokens').where('owner_id', '=', householdId).where('created_at', '<', now - UNSUBSCRIBE_LINK_LIFETIME_MS).execute();
  await deps.db.insertInto('reminder_unsubscribe_tokens').values({ token_hash: sha256(token), owner_id: householdId, created_at: now }).execute();
  return token;
}

/** The household whose reminders a token stops: null for an unknown, ended or expired link. */
export async function unsubscribeLinkOwner(deps: Pick<AppDeps, 'db' | 'now'>, token: string): Promise<HouseholdId | null> {
  if (token.length < 20 || token.length > 100) return null;
  const row = await deps.db
    .selectFrom('reminder_unsubscribe_tokens')
    .select(['owner_id', 'created_at'])
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || Number(row.created_at) < deps.now() - UNSUBSCRIBE_LINK_LIFETIME_MS) return null;
  return row.owner_id;
}
