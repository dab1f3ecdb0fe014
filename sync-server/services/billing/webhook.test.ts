import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_COLLECTIONS_MESSAGE, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { stripeEvent } from '../../test-support/fake-stripe.js';
import { dataUrl, makePng } from '../../test-support/test-images.js';
import { insertToys } from '../../test-support/toys.js';
import { billingUser, createBillingHarness, deliver, PRICE, type BillingHarness } from '../../test-support/billing.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(async () => {
  await h.close();
});

type User = Awaited<ReturnType<typeof billingUser>>;
const nowSeconds = () => Math.floor(Date.now() / 1000);
let subCounter = 0;

/** Puts a subscription on the fake and answers its JSON, as events carry it. */
function subscription(user: User, customer: string, status: 'active' | 'trialing' | 'canceled' | 'past_due', extra: { id?: string; created?: number; price?: string } = {}) {
  return h.fake.putSubscription({
    id: extra.id ?? `sub_${++subCounter}`,
    customer,
    status,
    price: extra.price ?? PRICE,
    created: extra.created ?? nowSeconds(),
    metadata: { userId: user.userId },
  });
}

const checkoutCompleted = (user: User, customer: string, subscriptionId: string) =>
  stripeEvent('checkout.session.completed', {
    id: `cs_test_${subscriptionId}`,
    object: 'checkout.session',
    mode: 'subscription',
    customer,
    client_reference_id: user.userId,
    subscription: subscriptionId,
  });

async function limits(user: User) {
  const settings = await user.api.get('getsettings');
  const pulled = await user.api.get('/api/sync/settings/pull');
  const doc = pulled.body.documents[0];
  return { toysLimit: settings.body[0].toysLimit, doc: { plan: doc.plan, toysLimit: doc.toysLimit, collectionsLimit: doc.collectionsLimit } };
}

/** A user upgraded to Premium through checkout and subscription events. */
async function premiumUser() {
  const user = await billingUser(h);
  const customer = await user.checkout();
  const sub = subscription(user, customer, 'active');
  expect((await deliver(h, checkoutCompleted(user, customer, sub.id))).status).toBe(200);
  expect((await deliver(h, stripeEvent('customer.subscription.created', sub))).status).toBe(200);
  return { user, customer, sub };
}

describe('upgrade', () => {
  it('checkout.session.completed and subscription events make the user Premium on every device', async () => {
    const user = await billingUser(h);
    const customer = await user.checkout();
    const seqBefore = await user.settingsSeq();
    expect(await limits(user)).toEqual({ toysLimit: 100, doc: { plan: 'free', toysLimit: 100, collectionsLimit: 3 } });

    const sub = subscription(user, customer, 'active');
    const res = await deliver(h, checkoutCompleted(user, customer, sub.id));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect((await deliver(h, stripeEvent('customer.subscription.created', sub))).status).toBe(200);
    expect((await deliver(h, stripeEvent('customer.subscription.updated', sub))).status).toBe(200);

    expect((await user.api.get('/api/stripe/get_product_status')).body).toEqual({ status: 'paid', paymentFailed: false });
    expect(await limits(user)).toEqual({ toysLimit: 500, doc: { plan: 'paid', toysLimit: 500, collectionsLimit: 50 } });
    expect(await user.settingsSeq()).toBeGreaterThan(seqBefore);
    expect(user.published).toEqual([['settings']]); // once: the later events changed no plan
    expect(await user.row()).toMatchObject({ plan: 'paid', subscription_id: sub.id, subscription_status: 'active' });
    // The customer's subscriptions were re-read from Stripe, not taken from the event.
    expect(h.fake.calls('/v1/subscriptions').at(-1)?.query).toMatchObject({ customer, status: 'all' });
  });

  it('a trialing subscription is Premium; one on another price is not', async () => {
    const trial = await billingUser(h);
    const trialCustomer = await trial.checkout();
    await deliver(h, stripeEvent('customer.subscription.created', subscription(trial, trialCustomer, 'trialing')));
    expect((await trial.row()).plan).toBe('paid');

    const other = await billingUser(h);
    const otherCustomer = await other.checkout();
    await deliver(h, stripeEvent('customer.subscription.created', subscription(other, otherCustomer, 'active', { price: 'price_other' })));
    expect((await other.row()).plan).toBe('free');
  });
});

describe('each event id is handled once', () => {
  it('the same event delivered ten times (some at once) changes state once', async () => {
    const user = await billingUser(h);
    const customer = await user.checkout();
    const event = stripeEvent('customer.subscription.created', subscription(user, customer, 'active'));
    const reads = h.fake.calls('/v1/subscriptions').length;

    const first = await deliver(h, event);
    expect(first.body.outcome).toBe('applied');
    const after = { row: await user.row(), seq: await user.settingsSeq() };
    h.t.advance(60_000);
    const rest = await Promise.all(Array.from({ length: 9 }, () => deliver(h, event)));
    expect(rest.map((r) => [r.status, r.body.outcome])).toEqual(Array(9).fill([200, 'duplicate']));

    const rows = await h.t.db.selectFrom('stripe_events').selectAll().where('id', '=', event.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'customer.subscription.created', created: event.created * 1000 });
    expect(await user.row()).toEqual(after.row); // plan_updated_at included
    expect(after.row.plan_updated_at).not.toBeNull();
    expect(await user.settingsSeq()).toBe(after.seq);
    expect(user.published).toEqual([['settings']]);
    expect(h.fake.calls('/v1/subscriptions').length).toBe(reads + 1); // duplicates never reach Stripe
  });
});

describe('signatures', () => {
  it('a bad, stale, missing or mismatched signature answers 400 and changes nothing', async () => {
    const user = await billingUser(h);
    const customer = await user.checkout();
    const event = stripeEvent('customer.subscription.created', subscription(user, customer, 'active'));
    const reads = h.fake.requests.length;

    const wrongSecret = await deliver(h, event, { secret: 'whsec_someone_else' });
    expect(wrongSecret).toEqual({ status: 400, body: { error: 'The webhook signature is not valid.' } });
    const stale = await deliver(h, event, { timestamp: nowSeconds() - 600 });
    expect(stale).toEqual({ status: 400, body: { error: 'The webhook signature is too old.' } });
    const future = await deliver(h, event, { timestamp: nowSeconds() + 24 * 60 * 60 });
    expect(future).toEqual({ status: 400, body: { error: 'The webhook signature is dated in the future.' } });
    const missing = await h.t.app.request('/api/stripe/webhook', { method: 'POST', body: JSON.stringify(event) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toEqual(expect.any(String));
    // A valid signature over other bytes: the raw body is what is checked.
    const signed = (await import('../../test-support/fake-stripe.js')).signedWebhook(event, 'whsec_test');
    const tampered = await h.t.app.request('/api/stripe/webhook', { ...signed, body: JSON.stringify({ ...event, type: 'invoice.paid' }) });
    expect(tampered.status).toBe(400);

    expect(await h.t.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).execute()).toEqual([]);
    expect((await user.row()).plan).toBe('free');
    expect(h.fake.requests.length).toBe(reads);
    // The same event, signed properly, still works: nothing was half-recorded.
    expect((await deliver(h, event)).body.outcome).toBe('applied');
    expect((await user.row()).plan).toBe('paid');
  });
});

describe('cancellation', () => {
  it('a deleted subscription brings the user back to Free with limits 100 and 3', async () => {
    const { user, customer, sub } = await premiumUser();
    const seq = await user.settingsSeq();
    const canceled = subscription(user, customer, 'canceled', { id: sub.id });
    expect((await deliver(h, stripeEvent('customer.subscription.deleted', canceled))).status).toBe(200);
    expect((await user.api.get('/api/stripe/get_product_status')).body).toEqual({ status: 'free', paymentFailed: false });
    expect(await limits(user)).toEqual({ toysLimit: 100, doc: { plan: 'free', toysLimit: 100, collectionsLimit: 3 } });
    expect(await user.settingsSeq()).toBeGreaterThan(seq);
    expect(user.published).toEqual([['settings'], ['settings']]);
  });

  it('a downgrade keeps every toy and collection but refuses adding past the Free limits', async () => {
    const { user, customer, sub } = await premiumUser();
    await insertToys(h.t.deps, user.userId, 150);
    const names = ['Uncategorized', 'A', 'B', 'C', 'D', 'E'];
    expect((await user.api.put('updateSettings', { toysBaskets: names.slice(1) })).status).toBe(200);

    await deliver(h, stripeEvent('customer.subscription.deleted', subscription(user, customer, 'canceled', { id: sub.id })));
    expect((await user.row()).plan).toBe('free');
    expect(await user.api.get('unexcludedToysAmount')).toMatchObject({ status: 200, body: 150 });
    expect((await user.api.get('getsettings')).body[0].toysBaskets).toEqual(names.slice(1));

    const add = await user.api.post('addToy', { data: dataUrl(makePng(2, 2), 'image/png'), title: 'One more' });
    expect(add).toMatchObject({ status: 403, body: { error: TOYS_LIMIT_MESSAGE } });
    const more = await user.api.put('updateSettings', { toysBaskets: [...names.slice(1), 'F'] });
    expect(more).toMatchObject({ status: 403, body: { error: FREE_COLLECTIONS_MESSAGE } });
  });
});

describe('events out of order', () => {
  it('a late "updated: active" after "deleted" leaves the user on Free', async () => {
    const { user, customer, sub } = await premiumUser();
    const t0 = nowSeconds();
    const active = stripeEvent('customer.subscription.updated', sub, { created: t0 });
    const canceled = subscription(user, customer, 'canceled', { id: sub.id });
    await deliver(h, stripeEvent('customer.subscription.deleted', canceled, { created: t0 + 5 }));
    await deliver(h, active);
    expect((await user.row()).plan).toBe('free');
  });

  it('a late "deleted" for an old subscription does not undo a newer one', async () => {
    const { user, customer, sub: old } = await premiumUser();
    const oldCanceled = subscription(user, customer, 'canceled', { id: old.id, created: nowSeconds() - 100 });
    const late = stripeEvent('customer.subscription.deleted', oldCanceled);
    await deliver(h, stripeEvent('customer.subscription.updated', oldCanceled));
    expect((await user.row()).plan).toBe('free');

    const renewed = subscription(user, customer, 'active');
    await deliver(h, stripeEvent('customer.subscription.created', renewed));
    await deliver(h, late);
    expect(await user.row()).toMatchObject({ plan: 'paid', subscription_id: renewed.id });
  });

  it('an older invoice event never overrides a newer one', async () => {
    const { user, customer } = await premiumUser();
    const t0 = nowSeconds();
    await deliver(h, stripeEvent('invoice.payment_failed', { id: 'in_2', object: 'invoice', customer }, { created: t0 + 10 }));
    await deliver(h, stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice', customer }, { created: t0 }));
    expect((await user.api.get('/api/stripe/get_product_status')).body).toEqual({ status: 'paid', paymentFailed: true });
  });
});

describe('payment failures', () => {
  it('invoice.payment_failed shows in get_product_status until invoice.paid', async () => {
    const { user, customer } = await premiumUser();
    const t0 = nowSeconds();
    await deliver(h, stripeEvent('invoice.payment_failed', { id: 'in_a', object: 'invoice', customer }, { created: t0 }));
    expect((await user.api.get('/api/stripe/get_product_status')).body).toEqual({ status: 'paid', paymentFailed: true });
    await deliver(h, stripeEvent('invoice.paid', { id: 'in_a', object: 'invoice', customer }, { created: t0 + 1 }));
    expect((await user.api.get('/api/stripe/get_product_status')).body).toEqual({ status: 'paid', paymentFailed: false });
  });

  it('a subscription back to active after past_due clears the flag', async () => {
    const { user, customer, sub } = await premiumUser();
    await deliver(h, stripeEvent('invoice.payment_failed', { id: 'in_b', object: 'invoice', customer }));
    await deliver(h, stripeEvent('customer.subscription.updated', subscription(user, customer, 'past_due', { id: sub.id })));
    expect(await user.row()).toMatchObject({ plan: 'free', payment_failed: 1 });
    await deliver(h, stripeEvent('customer.subscription.updated', subscription(user, customer, 'active', { id: sub.id })));
    expect(await user.row()).toMatchObject({ plan: 'paid', payment_failed: 0 });
  });
});

describe('events for unknown users and other types', () => {
  it('are recorded and answered 200 without changing anyone', async () => {
    const missing = stripeEvent('checkout.session.completed', { id: 'cs_x', object: 'checkout.session', customer: 'cus_nobody', client_reference_id: 'no-such-user', subscription: null });
    expect((await deliver(h, missing)).body.outcome).toBe('applied');
    const other = stripeEvent('customer.created', { id: 'cus_elsewhere', object: 'customer' });
    expect((await deliver(h, other)).status).toBe(200);
    const rows = await h.t.db.selectFrom('users').select('id').where('stripe_customer_id', '=', 'cus_nobody').execute();
    expect(rows).toEqual([]);
    expect(await h.t.db.selectFrom('stripe_events').select('id').where('id', 'in', [missing.id, other.id]).execute()).toHaveLength(2);
  });
});
