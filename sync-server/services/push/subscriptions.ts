import { randomUUID } from 'node:crypto';
import type { PushSubscriptionInput } from '../../../shared/schemas/push.js';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/http-error.js';
import { endpointProblem } from './endpoint-rule.js';

// A person's push subscriptions, one per device (its endpoint). They belong to the person, not
// the household: reminders follow them to whichever household they are in.

/** A person rarely has more than a few devices; the oldest beyond this are dropped. */
const SUBSCRIPTIONS_PER_PERSON = 20;

/**
 * Turns notifications on for a device (idempotent: the same endpoint again updates its keys).
 * An endpoint another person registered moves to this one: the device changed hands.
 */
export async function saveSubscription(deps: Pick<AppDeps, 'db' | 'now' | 'env'>, userId: string, input: PushSubscriptionInput): Promise<void> {
  const problem = endpointProblem(input.endpoint, deps.env.APP_URL);
  if (problem) throw badRequest(problem);
  const row = { user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const before = await deps.db.selectFrom('push_subscriptions').select(['id', 'user_id']).where('endpoint', '=', input.endpoint).executeTakeFirst();
  // Another person's reminders already sent to this device say nothing about this person's.
  if (before && before.user_id !== userId) await deps.db.deleteFrom('push_reminders').where('subscription_id', '=', before.id).execute();
  await deps.db
    .insertInto('push_subscriptions')
    .values({ id: randomUUID(), endpoint: input.endpoint, created_at: deps.now(), ...row })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
  const extra = await deps.db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .offset(SUBSCRIPTIONS_PER_PERSON)
    .limit(1000)
    .execute();
  if (extra.length > 0) await deps.db.deleteFrom('push_subscriptions').where('id', 'in', extra.map((r) => r.id)).execute();
}

/** Turns notifications off for a device (or forgets one the push service says is gone). */
export async function removeSubscription(deps: Pick<AppDeps, 'db'>, endpoint: string): Promise<void> {
  await deps.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** The person's subscription with this endpoint, for a test notification. */
export async function findOwnSubscription(deps: Pick<AppDeps, 'db'>, userId: string, endpoint: string) {
  return deps.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
}
