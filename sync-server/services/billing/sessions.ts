import type Stripe from 'stripe';
import {
  ALREADY_PREMIUM_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
  PAYMENTS_OFF_MESSAGE,
  type ProductStatus,
} from '../../../shared/schemas/billing.js';
import type { AppDeps } from '../../context.js';
import type { User } from '../../db/schema.js';
import { conflict, HttpError } from '../../lib/http-error.js';
import { ensureCustomer } from './customer.js';
import { callStripe } from './stripe-call.js';

/**
 * The plan as webhooks last recorded it. Stripe is not asked on every request: a stale row
 * is corrected by the next webhook (Stripe retries them for days).
 */
export function productStatus(user: User): ProductStatus {
  return { status: user.plan === 'paid' ? 'paid' : 'free', paymentFailed: Boolean(user.payment_failed) };
}

/** A Checkout session (subscription mode, Premium price) for the user's own customer. */
export async function createCheckoutLink(deps: AppDeps, stripe: Stripe, user: User): Promise<string> {
  if (user.plan === 'paid') throw conflict(ALREADY_PREMIUM_MESSAGE);
  const price = deps.env.STRIPE_PRICE_PREMIUM;
  if (!price) throw new HttpError(503, PAYMENTS_OFF_MESSAGE);
  const customer = await ensureCustomer(deps, stripe, user);
  const session = await callStripe(deps.log, 'checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      customer,
      client_reference_id: user.id,
      metadata: { userId: user.id },
      // Lets a subscription event find the user even before the customer link is stored.
      subscription_data: { metadata: { userId: user.id } },
      success_url: `${deps.env.APP_URL}/paymentsuccess`,
      cancel_url: `${deps.env.APP_URL}/paymentcanceled`,
    }),
  );
  return urlOf(session.url);
}

/** A billing portal session for the customer stored on the user, never one from the request. */
export async function createPortalLink(deps: AppDeps, stripe: Stripe, user: User): Promise<string> {
  const customer = user.stripe_customer_id;
  if (!customer) throw conflict(NO_SUBSCRIPTION_MESSAGE);
  const session = await callStripe(deps.log, 'billingPortal.sessions.create', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${deps.env.APP_URL}/pricing` }),
  );
  return urlOf(session.url);
}

function urlOf(url: string | null | undefined): string {
  if (!url) throw new HttpError(502, 'The payment page could not be opened. Please try again later.');
  return url;
}
