import type { ReplicatedTable } from '../db/schema.js';
import { startFakeStripe, signedWebhook, type FakeStripe } from './fake-stripe.js';
import { createTestApp, type TestApp } from './test-app.js';
import { seedUser } from './users.js';
import { apiClient } from './toys.js';
import type { Plan } from '../../shared/domain/plans.js';
import { asHouseholdId } from '../db/schema.js';

// A real app wired to the fake Stripe server, plus the few reads billing tests repeat.

const WEBHOOK_SECRET = 'whsec_test';
export const PRICE = 'price_premium';

export type BillingHarness = { t: TestApp; fake: FakeStripe; close(): Promise<void> };

export async function createBillingHarness(): Promise<BillingHarness> {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM: PRICE,
    STRIPE_API_URL: fake.url,
    APP_URL: 'https://toys.example.com',
  });
  return {
    t,
    fake,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

/** A signed-in user, with a client for /api calls and a log of change-feed publishes. */
export async function billingUser(h: BillingHarness, plan: Plan = 'free') {
  const user = await seedUser(h.t.deps, { plan });
  const published: ReplicatedTable[][] = [];
  h.t.deps.feed.subscribe(asHouseholdId(user.userId), (event) => published.push(event.collections));
  const api = apiClient(h.t, user.token);
  return {
    ...user,
    api,
    published,
    row: () => h.t.db.selectFrom('users').selectAll().where('id', '=', user.userId).executeTakeFirstOrThrow(),
    settingsSeq: async () =>
      Number((await h.t.db.selectFrom('settings').select('seq').where('household_id', '=', asHouseholdId(user.userId)).executeTakeFirstOrThrow()).seq),
    /** Starts a checkout, so the user has a Stripe customer; answers its id. */
    async checkout(): Promise<string> {
      const res = await api.get('/api/stripe/create_checkout_link_premium');
      if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
      return (await this.row()).stripe_customer_id as string;
    },
  };
}

export async function deliver(h: BillingHarness, event: unknown, options: { timestamp?: number; secret?: string } = {}) {
  const res = await h.t.app.request('/api/stripe/webhook', signedWebhook(event, options.secret ?? WEBHOOK_SECRET, options));
  return { status: res.status, body: (await res.json()) as { error?: string; received?: boolean; outcome?: string } };
}
