import type { AppDeps } from '../../context.js';
import type { User } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { createStripeClient } from './stripe-client.js';

export const CANCEL_BEFORE_DELETE_MESSAGE =
  'Your Premium subscription could not be canceled just now, so your account was not deleted. Please try again in a few minutes.';

const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * Call before deleting an account: cancels the user's subscriptions at once, so a deleted
 * account is never billed again (once the users row is gone, nothing links the Stripe
 * customer to anyone). If Stripe cannot be reached it throws a 502, and the deletion should
 * stop. Returns the ids canceled; nothing to do without payments or a customer.
 */
export async function cancelSubscriptionsForDeletion(
  deps: Pick<AppDeps, 'env' | 'log'>,
  user: Pick<User, 'id' | 'stripe_customer_id'>): Promise<string[]> {
  const stripe = createStripeClient(deps.env);
  if (!stripe || !user.stripe_customer_id) return [];
  const canceled: string[] = [];
  try {
    for await (const sub of stripe.subscriptions.list({ customer: user.stripe_customer_id, status: 'all', limit: 100 })) {
      if (ENDED.has(sub.status)) continue;
      await stripe.subscriptions.cancel(sub.id, {}, { idempotencyKey: `toy-rotation-delete-${user.id}-${sub.id}` });
      canceled.push(sub.id);
    }
  } catch (error) {
    deps.log(`stripe: canceling subscriptions of ${user.id} before deletion failed: ${error instanceof Error ? error.message : String(error)}`);
    throw new HttpError(502, CANCEL_BEFORE_DELETE_MESSAGE);
  }
  return canceled;
}
