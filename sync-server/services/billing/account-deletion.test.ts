import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { CANCEL_BEFORE_DELETE_MESSAGE, cancelSubscriptionsForDeletion } from './account-deletion.js';
import { billingUser, createBillingHarness, PRICE, type BillingHarness } from '../../test-support/billing.js';

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(async () => {
  await h.close();
});

describe('cancelSubscriptionsForDeletion', () => {
  it('cancels the live subscriptions of the user\'s own customer, and only those', async () => {
    const user = await billingUser(h);
    const other = await billingUser(h);
    const customer = await user.checkout();
    const otherCustomer = await other.checkout();
    h.fake.putSubscription({ id: 'sub_del_live', customer, status: 'active', price: PRICE });
    h.fake.putSubscription({ id: 'sub_del_old', customer, status: 'canceled', price: PRICE });
    h.fake.putSubscription({ id: 'sub_del_other', customer: otherCustomer, status: 'active', price: PRICE });

    expect(await cancelSubscriptionsForDeletion(h.t.deps, await user.row())).toEqual(['sub_del_live']);
    expect(h.fake.subscription('sub_del_live')?.status).toBe('canceled');
    expect(h.fake.subscription('sub_del_other')?.status).toBe('active');
    expect(h.fake.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/v1/subscriptions/sub_del_live']);
  });

  it('does nothing for a user without a customer', async () => {
    const user = await billingUser(h);
    const before = h.fake.requests.length;
    expect(await cancelSubscriptionsForDeletion(h.t.deps, await user.row())).toEqual([]);
    expect(h.fake.requests.length).toBe(before);
  });

  it('answers a readable 502 when Stripe cannot be reached, so the deletion can stop', async () => {
    const down = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const { userId } = await seedUser(down.deps);
      const attempt = cancelSubscriptionsForDeletion(down.deps, { id: userId, stripe_customer_id: 'cus_x' });
      await expect(attempt).rejects.toMatchObject({ status: 502, message: CANCEL_BEFORE_DELETE_MESSAGE });
    } finally {
      await down.close();
    }
  });
});

describe('POST /api/private/deleteUser with a subscription', () => {
  it('cancels the subscription before the account goes', async () => {
    const user = await billingUser(h);
    const customer = await user.checkout();
    h.fake.putSubscription({ id: 'sub_del_route', customer, status: 'active', price: PRICE });
    const res = await h.t.app.request('/api/private/deleteUser', { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    expect(h.fake.subscription('sub_del_route')?.status).toBe('canceled');
    expect(await h.t.db.selectFrom('users').select('id').where('id', '=', user.userId).executeTakeFirst()).toBeUndefined();
  });

  it('keeps the account when Stripe cannot be reached, and says so', async () => {
    const down = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://127.0.0.1:9' });
    try {
      const { userId, token } = await seedUser(down.deps);
      await down.db.updateTable('users').set({ stripe_customer_id: 'cus_down' }).where('id', '=', userId).execute();
      const res = await down.app.request('/api/private/deleteUser', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({ error: CANCEL_BEFORE_DELETE_MESSAGE });
      expect(await down.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeDefined();
    } finally {
      await down.close();
    }
  });
});
