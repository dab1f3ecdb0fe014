import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_PREMIUM_MESSAGE, NO_SUBSCRIPTION_MESSAGE, PAYMENTS_OFF_MESSAGE } from '../../shared/schemas/billing.js';
import { billingUser, createBillingHarness, deliver, PRICE, type BillingHarness } from '../test-support/billing.js';
import { STRIPE_DOWN_MESSAGE } from '../services/billing/stripe-call.js';
import { apiClient } from '../test-support/toys.js';
import { stripeEvent } from '../test-support/fake-stripe.js';
import { createTestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(async () => {
  await h.close();
});

describe('GET /api/stripe/get_product_status', () => {
  it('needs a token, then answers the plan recorded for the user', async () => {
    expect((await apiClient(h.t).get('/api/stripe/get_product_status')).status).toBe(401);
    const free = await billingUser(h);
    expect(await free.api.get('/api/stripe/get_product_status')).toMatchObject({ status: 200, body: { status: 'free', paymentFailed: false } });
    const paid = await billingUser(h, 'paid');
    expect((await paid.api.get('/api/stripe/get_product_status/')).body).toEqual({ status: 'paid', paymentFailed: false });
  });
});

describe('GET /api/stripe/config', () => {
  it('tells anyone, without a token, that this server takes payments', async () => {
    expect(await apiClient(h.t).get('/api/stripe/config')).toMatchObject({ status: 200, body: { paymentsEnabled: true } });
  });
});

describe('GET /api/stripe/create_checkout_link_premium', () => {
  it('creates one customer for the user and a subscription checkout for the Premium price', async () => {
    const user = await billingUser(h);
    const before = h.fake.requests.length;
    const res = await user.api.get('/api/stripe/create_checkout_link_premium');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${h.fake.url}/checkout/cs_test_`));

    const [customerCall, sessionCall, ...rest] = h.fake.requests.slice(before);
    expect(rest).toEqual([]);
    expect(customerCall).toMatchObject({ method: 'POST', path: '/v1/customers', form: { email: user.email, 'metadata[userId]': user.userId } });
    expect(customerCall?.headers.authorization).toBe('Bearer sk_test_x');
    const customerId = (await user.row()).stripe_customer_id;
    expect(customerId).toMatch(/^cus_/);
    expect(sessionCall).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      form: {
        mode: 'subscription',
        'line_items[0][price]': PRICE,
        'line_items[0][quantity]': '1',
        customer: customerId,
        client_reference_id: user.userId,
        'subscription_data[metadata][userId]': user.userId,
        success_url: 'https://toys.example.com/paymentsuccess',
        cancel_url: 'https://toys.example.com/paymentcanceled',
      },
    });

    // A second checkout reuses the stored customer.
    const again = await user.api.get('/api/stripe/create_checkout_link_premium/');
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(res.body.url);
    const calls = h.fake.requests.slice(before).map((r) => r.path);
    expect(calls).toEqual(['/v1/customers', '/v1/checkout/sessions', '/v1/checkout/sessions']);
    expect(h.fake.calls('/v1/checkout/sessions').at(-1)?.form.customer).toBe(customerId);
  });

  it('makes one customer even when checkouts run in parallel', async () => {
    const user = await billingUser(h);
    const startCustomers = h.fake.calls('/v1/customers').length;
    const startSessions = h.fake.calls('/v1/checkout/sessions').length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => user.api.get('/api/stripe/create_checkout_link_premium')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const stored = (await user.row()).stripe_customer_id;
    const sessions = h.fake.calls('/v1/checkout/sessions').slice(startSessions);
    expect(sessions).toHaveLength(6);
    expect(new Set(sessions.map((s) => s.form.customer))).toEqual(new Set([stored]));
    // Every create carried the same per-user idempotency key, so Stripe answered one customer.
    const creates = h.fake.calls('/v1/customers').slice(startCustomers);
    expect(new Set(creates.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    expect(new Set(creates.map((c) => (c.reply as { id: string }).id))).toEqual(new Set([stored]));
  });

  it('sends a paid user to the billing portal instead (409)', async () => {
    const user = await billingUser(h, 'paid');
    const before = h.fake.requests.length;
    expect(await user.api.get('/api/stripe/create_checkout_link_premium')).toMatchObject({ status: 409, body: { error: ALREADY_PREMIUM_MESSAGE } });
    expect(h.fake.requests.length).toBe(before);
  });
});

describe('GET /api/stripe/billing_portal', () => {
  it('answers 409 until the user has a customer, then a portal for their own customer only', async () => {
    const a = await billingUser(h);
    const b = await billingUser(h);
    expect(await b.api.get('/api/stripe/billing_portal')).toMatchObject({ status: 409, body: { error: NO_SUBSCRIPTION_MESSAGE } });

    const customerA = await a.checkout();
    const customerB = await b.checkout();
    expect(customerB).not.toBe(customerA);
    const res = await b.api.get('/api/stripe/billing_portal?customer=' + customerA);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${h.fake.url}/portal/bps_`));
    expect(h.fake.calls('/v1/billing_portal/sessions').at(-1)?.form).toEqual({
      customer: customerB,
      return_url: 'https://toys.example.com/pricing',
    });
  });

  it('a checkout.session.completed naming A\'s customer with client_reference_id B reassigns nothing', async () => {
    const a = await billingUser(h);
    const b = await billingUser(h);
    const customerA = await a.checkout();
    const session = { id: 'cs_test_forged', object: 'checkout.session', mode: 'subscription', customer: customerA, client_reference_id: b.userId, subscription: null };
    expect((await deliver(h, stripeEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await a.row()).stripe_customer_id).toBe(customerA);
    expect((await b.row()).stripe_customer_id).toBeNull();
    expect((await b.api.get('/api/stripe/billing_portal')).status).toBe(409);
  });
});

describe('when Stripe cannot be reached', () => {
  it('answers a readable 502 and stores no customer', async () => {
    const down = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PRICE_PREMIUM: PRICE, STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const user = await seedUser(down.deps);
      const res = await apiClient(down, user.token).get('/api/stripe/create_checkout_link_premium');
      expect(res).toMatchObject({ status: 502, body: { error: STRIPE_DOWN_MESSAGE } });
      const row = await down.db.selectFrom('users').select('stripe_customer_id').where('id', '=', user.userId).executeTakeFirstOrThrow();
      expect(row.stripe_customer_id).toBeNull();
    } finally {
      await down.close();
    }
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('the three calls and the webhook answer 503 {error}', async () => {
    const off = await createTestApp();
    try {
      const user = await seedUser(off.deps);
      for (const path of ['get_product_status', 'create_checkout_link_premium', 'billing_portal']) {
        expect(await apiClient(off, user.token).get(`/api/stripe/${path}`)).toMatchObject({ status: 503, body: { error: PAYMENTS_OFF_MESSAGE } });
      }
      const webhook = await off.app.request('/api/stripe/webhook', { method: 'POST', body: '{}' });
      expect(webhook.status).toBe(503);
      expect(await webhook.json()).toEqual({ error: PAYMENTS_OFF_MESSAGE });
      expect(await apiClient(off).get('/api/stripe/config')).toMatchObject({ status: 200, body: { paymentsEnabled: false } });
    } finally {
      await off.close();
    }
  });
});
