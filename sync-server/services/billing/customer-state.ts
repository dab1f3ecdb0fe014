import type Stripe from 'stripe';
import type { Plan } from '../../../shared/domain/plans.js';

const PAID_STATUSES = new Set<string>(['active', 'trialing']);

/** What Stripe says about one customer right now, reduced to what the app keeps. */
export type CustomerState = {
  customerId: string;
  plan: Plan;
  /** The Premium subscription in force, else the newest one (null when none). */
  subscriptionId: string | null;
  subscriptionStatus: string | null;
  /** The user id our checkout wrote into the subscription's metadata, if any. */
  userIdHint: string | null;
};

/**
 * Pure: 'paid' iff some subscription is active or trialing on the Premium price. Reading
 * every subscription of the customer (not only the one an event names) makes a late event
 * about an old, canceled subscription harmless while a newer one is active.
 */
function customerState(customerId: string, subscriptions: Stripe.Subscription[], premiumPrice: string | undefined): CustomerState {
  const isPremium = (sub: Stripe.Subscription) =>
    PAID_STATUSES.has(sub.status) && Boolean(premiumPrice) && sub.items.data.some((item) => item.price.id === premiumPrice);
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  const chosen = newestFirst.find(isPremium) ?? newestFirst[0] ?? null;
  return {
    customerId,
    plan: chosen && isPremium(chosen) ? 'paid' : 'free',
    subscriptionId: chosen?.id ?? null,
    subscriptionStatus: chosen?.status ?? null,
    userIdHint: newestFirst.map((sub) => sub.metadata?.userId).find((id): id is string => Boolean(id)) ?? null,
  };
}

/** Re-reads the customer's subscriptions from Stripe (all statuses, newest first). */
export async function readCustomerState(stripe: Stripe, customerId: string, premiumPrice: string | undefined): Promise<CustomerState> {
  const subscriptions: Stripe.Subscription[] = [];
  for await (const sub of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
    subscriptions.push(sub);
    if (subscriptions.length >= 1000) break; // a family app's customer never has this many
  }
  return customerState(customerId, subscriptions, premiumPrice);
}
