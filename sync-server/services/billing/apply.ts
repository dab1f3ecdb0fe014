import type { Transaction } from 'kysely';
import type { Database, HouseholdId, User } from '../../db/schema.js';
import { asHouseholdId } from '../../db/schema.js';
import { nextSeq } from '../change-feed.js';
import type { CustomerState } from './customer-state.js';

type Trx = Transaction<Database>;

function userByCustomer(trx: Trx, customerId: string): Promise<User | undefined> {
  return trx.selectFrom('users').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
}

/**
 * Ties a Stripe customer to a user, only when neither is tied yet: a customer already
 * linked to someone is never reassigned, and a user keeps the customer they have.
 * Returns the user now owning the customer, if any.
 */
export async function linkCustomer(trx: Trx, customerId: string, userId: string | null, log: (line: string) => void): Promise<User | undefined> {
  const owner = await userByCustomer(trx, customerId);
  if (owner || !userId) {
    if (owner && userId && owner.id !== userId) log(`stripe: customer ${customerId} belongs to another user; not reassigned`);
    return owner;
  }
  const linked = await trx
    .updateTable('users')
    .set({ stripe_customer_id: customerId })
    .where('id', '=', userId)
    .where('stripe_customer_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!linked) log(`stripe: customer ${customerId} names user ${userId}, who is missing or has another customer; not linked`);
  return linked;
}

/**
 * Stores what Stripe says about the customer. When the plan changes, the settings row takes
 * a new seq in this same transaction, so every device pulls the settings document again
 * (it carries plan, toysLimit and collectionsLimit). Returns the id of the household whose
 * plan may have changed (the payer's).
 */
export async function applyCustomerState(trx: Trx, state: CustomerState, now: number, log: (line: string) => void): Promise<HouseholdId | null> {
  const user = await linkCustomer(trx, state.customerId, state.userIdHint, log);
  if (!user) return null;
  const recovered = state.subscriptionStatus === 'active' && (user.subscription_status !== 'active' || user.subscription_id !== state.subscriptionId);
  const planChanged = user.plan !== state.plan;
  await trx
    .updateTable('users')
    .set({
      subscription_id: state.subscriptionId,
      subscription_status: state.subscriptionStatus,
      ...(recovered ? { payment_failed: 0 } : {}),
      ...(planChanged ? { plan: state.plan, plan_updated_at: now } : {}),
    })
    .where('id', '=', user.id)
    .execute();
  if (!planChanged) return null;
  // The plan is the household's (issue 13): its one settings document carries it to every member.
  const membership = await trx.selectFrom('memberships').select('household_id').where('user_id', '=', user.id).executeTakeFirst();
  const householdId = membership?.household_id ?? asHouseholdId(user.id);
  await trx.updateTable('settings').set({ seq: await nextSeq(trx) }).where('household_id', '=', householdId).execute();
  return householdId;
}

/**
 * invoice.paid clears the failed-payment flag, invoice.payment_failed sets it. Invoice events
 * older (by Stripe's `created`) than the last one applied are ignored, so a late
 * payment_failed cannot undo a newer paid.
 */
export async function applyInvoice(trx: Trx, customerId: string, failed: boolean, eventCreatedMs: number): Promise<void> {
  const user = await userByCustomer(trx, customerId);
  if (!user) return;
  if (user.invoice_event_at !== null && eventCreatedMs < Number(user.invoice_event_at)) return;
  await trx
    .updateTable('users')
    .set({ payment_failed: failed ? 1 : 0, invoice_event_at: eventCreatedMs })
    .where('id', '=', user.id)
    .execute();
}
