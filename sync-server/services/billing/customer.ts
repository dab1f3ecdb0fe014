import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { AppDeps } from '../../context.js';
import type { User } from '../../db/schema.js';
import { callStripe } from './stripe-call.js';

/**
 * The user's Stripe customer, created on first need and stored. Two parallel calls must not
 * make two customers: the idempotency key is per user (and email, since Stripe refuses a
 * reused key with other parameters), so Stripe answers both with the same customer for 24 h;
 * the conditional update keeps whichever was stored first.
 */
export async function ensureCustomer(deps: AppDeps, stripe: Stripe, user: User): Promise<string> {
  if (user.stripe_customer_id) return user.stripe_customer_id;
  const emailKey = createHash('sha256').update(user.email).digest('hex').slice(0, 16);
  const customer = await callStripe(deps.log, 'customers.create', () =>
    stripe.customers.create(
      { email: user.email, name: user.username, metadata: { userId: user.id } },
      { idempotencyKey: `toy-rotation-customer-${user.id}-${emailKey}` },
    ),
  );
  await deps.db
    .updateTable('users')
    .set({ stripe_customer_id: customer.id })
    .where('id', '=', user.id)
    .where('stripe_customer_id', 'is', null)
    .execute();
  const stored = await deps.db.selectFrom('users').select('stripe_customer_id').where('id', '=', user.id).executeTakeFirst();
  return stored?.stripe_customer_id ?? customer.id;
}
