import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MESSAGES } from '../../shared/schemas/household.js';
import { stripeEvent } from '../test-support/fake-stripe.js';
import { billingUser, createBillingHarness, deliver, PRICE, type BillingHarness } from '../test-support/billing.js';
import { join, person } from '../test-support/households.js';
import { dataUrl, makePng } from '../test-support/test-images.js';
import { insertToys } from '../test-support/toys.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13: the plan belongs to the household. Once the owner pays, every member sees Premium
// (500 toys, 50 collections) in REST and in the settings document; billing is the owner's.

let h: BillingHarness;
beforeAll(async () => {
  h = await createBillingHarness();
});
afterAll(() => h.close());

async function limitsOf(api: Awaited<ReturnType<typeof person>>['api']) {
  const settings = (await api.get('getsettings')).body[0];
  const doc = (await api.get('/api/sync/settings/pull')).body.documents[0];
  return { toysLimit: settings.toysLimit, plan: doc.plan, docToys: doc.toysLimit, docCollections: doc.collectionsLimit, status: (await api.get('/api/stripe/get_product_status')).body.status };
}

describe('the household plan', () => {
  it("the owner's payment (Stripe webhook) makes every member Premium, on every device", async () => {
    const owner = await billingUser(h);
    const member = await person(h.t);
    await join(owner, member);
    const memberEvents: string[][] = [];
    h.t.deps.feed.subscribe(asHouseholdId(owner.userId), (event) => memberEvents.push(event.collections));
    expect(await limitsOf(member.api)).toEqual({ toysLimit: 100, plan: 'free', docToys: 100, docCollections: 3, status: 'free' });
    const seqBefore = await owner.settingsSeq();

    const customer = await owner.checkout();
    const sub = h.fake.putSubscription({ id: 'sub_household', customer, status: 'active', price: PRICE, created: Math.floor(Date.now() / 1000), metadata: { userId: owner.userId } });
    expect((await deliver(h, stripeEvent('customer.subscription.created', sub))).status).toBe(200);

    expect(await limitsOf(member.api)).toEqual({ toysLimit: 500, plan: 'paid', docToys: 500, docCollections: 50, status: 'paid' });
    expect(await owner.settingsSeq()).toBeGreaterThan(seqBefore); // the one settings document of the household
    expect(memberEvents).toContainEqual(['settings']);
    // A member may now add past the free limit.
    await insertToys(h.t.deps, owner.userId, 100);
    const add = await member.api.post('addToy', { data: dataUrl(makePng(2, 2, 11), 'image/png'), title: 'The 101st' });
    expect(add.status).toBe(200);
    expect((await member.api.put('updateSettings', { toysBaskets: ['A', 'B', 'C', 'D', 'E'] })).status).toBe(200);

    // Cancelled: back to free for everyone.
    const cancelled = h.fake.putSubscription({ id: 'sub_household', customer, status: 'canceled', price: PRICE, created: sub.created, metadata: { userId: owner.userId } });
    expect((await deliver(h, stripeEvent('customer.subscription.deleted', cancelled))).status).toBe(200);
    expect((await limitsOf(member.api)).plan).toBe('free');
  });

  it('checkout and the billing portal are the owner\'s: a member gets 403', async () => {
    const owner = await billingUser(h);
    const member = await person(h.t);
    await join(owner, member);
    for (const path of ['/api/stripe/create_checkout_link_premium', '/api/stripe/billing_portal']) {
      const res = await member.api.get(path);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: HOUSEHOLD_MESSAGES.ownerOnly });
    }
    expect((await owner.api.get('/api/stripe/create_checkout_link_premium')).status).toBe(200);
  });

  it('a paying member leaving takes their Premium along; the household is free again', async () => {
    const owner = await person(h.t);
    const payer = await person(h.t, { plan: 'paid' });
    await join(owner, payer);
    expect((await limitsOf(owner.api)).plan).toBe('paid');
    expect((await payer.api.post('/api/household/leave')).status).toBe(200);
    expect((await limitsOf(owner.api)).plan).toBe('free');
  });

  it('after a handover, Premium stays with whoever pays: the former owner keeps the portal; the new owner is told who manages it', async () => {
    const owner = await billingUser(h);
    const member = await person(h.t);
    await join(owner, member);
    const customer = await owner.checkout();
    const sub = h.fake.putSubscription({ id: 'sub_handover', customer, status: 'active', price: PRICE, created: Math.floor(Date.now() / 1000), metadata: { userId: owner.userId } });
    expect((await deliver(h, stripeEvent('customer.subscription.created', sub))).status).toBe(200);
    expect((await owner.api.post('/api/household/owner', { userId: member.userId })).status).toBe(200);

    expect((await limitsOf(member.api)).plan).toBe('paid');
    const payer = await owner.api.get('/api/stripe/billing_portal');
    expect(payer.status).toBe(200);
    expect(payer.body.url).toEqual(expect.any(String));
    const newOwner = await member.api.get('/api/stripe/billing_portal');
    expect(newOwner.status).toBe(403);
    expect(newOwner.body).toEqual({ error: HOUSEHOLD_MESSAGES.paidByOther });
  });
});
