import type Stripe from 'stripe';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/http-error.js';
import { applyCustomerState, applyInvoice, linkCustomer } from './apply.js';
import { readCustomerState, type CustomerState } from './customer-state.js';
import { idOf } from './stripe-call.js';

/** How far a signature's time may be from ours, either way (Stripe's default tolerance). */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * Verifies the Stripe-Signature header on the raw body. The SDK refuses signatures older than
 * the tolerance but not ones dated ahead; a signature from more than 5 minutes in the future is
 * refused too (issue 10, item 9), so a captured future-dated delivery cannot be replayed later.
 */
export async function verifyWebhook(deps: AppDeps, stripe: Stripe, secret: string, rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  if (!signature) throw badRequest('The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_S, undefined, deps.now());
  } catch (error) {
    const stale = error instanceof Error && /tolerance/i.test(error.message);
    throw badRequest(stale ? 'The webhook signature is too old.' : 'The webhook signature is not valid.');
  }
  const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (!Number.isFinite(signedAt) || signedAt * 1000 > deps.now() + WEBHOOK_TOLERANCE_S * 1000) {
    throw badRequest('The webhook signature is dated in the future.');
  }
  return event;
}

/** What an event asks of the database, read from Stripe before the transaction opens. */
type Plan = { link?: { customerId: string; userId: string | null }; state?: CustomerState; invoice?: { customerId: string; failed: boolean } };

async function planFor(deps: AppDeps, stripe: Stripe, event: Stripe.Event): Promise<Plan> {
  const reread = (customerId: string) => readCustomerState(stripe, customerId, deps.env.STRIPE_PRICE_PREMIUM);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      if (!customerId) return {};
      const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
      return { link: { customerId, userId }, state: await reread(customerId) };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      // The event's own copy may be older than another event already applied; Stripe's
      // current answer is not (see docs/decisions/003-billing.md).
      const customerId = idOf(event.data.object.customer);
      return customerId ? { state: await reread(customerId) } : {};
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const customerId = idOf(event.data.object.customer);
      return customerId ? { invoice: { customerId, failed: event.type === 'invoice.payment_failed' } } : {};
    }
    default:
      return {};
  }
}

/**
 * Handles verified events one at a time per process (so a re-read and its write are never
 * overtaken by an older re-read), each event id once.
 */
export function createWebhookHandler(deps: AppDeps, stripe: Stripe) {
  let queue: Promise<unknown> = Promise.resolve();

  async function handle(event: Stripe.Event): Promise<'applied' | 'duplicate'> {
    const seen = await deps.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
    if (seen) return 'duplicate';
    const plan = await planFor(deps, stripe, event);
    const now = deps.now();
    const result = await deps.db.transaction().execute(async (trx) => {
      // Recorded in the same transaction as its effects: a failure leaves no row, and
      // Stripe's retry is then handled in full.
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, created: event.created * 1000, processed_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { outcome: 'duplicate' as const, changedHousehold: null };
      if (plan.link) await linkCustomer(trx, plan.link.customerId, plan.link.userId, deps.log);
      const changedHousehold = plan.state ? await applyCustomerState(trx, plan.state, now, deps.log) : null;
      if (plan.invoice) await applyInvoice(trx, plan.invoice.customerId, plan.invoice.failed, event.created * 1000);
      return { outcome: 'applied' as const, changedHousehold };
    });
    if (result.changedHousehold) deps.feed.publish(result.changedHousehold, ['settings']);
    return result.outcome;
  }

  return {
    handle(event: Stripe.Event): Promise<'applied' | 'duplicate'> {
      const run = queue.then(() => handle(event));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
