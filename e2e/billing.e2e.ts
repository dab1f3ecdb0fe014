import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../sync-server/app.js';
import type { AppDeps } from '../sync-server/context.js';
import { createDeps } from '../sync-server/deps.js';
import { readEnv } from '../sync-server/env.js';
import { signedWebhook, startFakeStripe, stripeEvent, type FakeStripe } from '../sync-server/test-support/fake-stripe.js';
import { serveOnFreePort } from '../sync-server/test-support/serve-app.js';
import { seedUser } from '../sync-server/test-support/users.js';
import { PAYMENT_FAILED_NOTICE } from '../shared/schemas/billing.js';
import { clientDir, launchBrowser } from './support/browser.js';

// Upgrade in a real browser: Pricing -> Upgrade -> (fake) Stripe Checkout -> signed webhook ->
// the app shows Premium and 500 toys. The shared e2e server runs with payments off, so this
// file serves the same built client from a server of its own, with Stripe pointed at the fake.

const WEBHOOK_SECRET = 'whsec_e2e';
const PRICE = 'price_premium_e2e';

type PaymentsServer = { baseUrl: string; deps: AppDeps; fake: FakeStripe; close(): Promise<void> };

async function startPaymentsServer(): Promise<PaymentsServer> {
  const fake = await startFakeStripe();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-e2e-billing-'));
  let handler: ((request: Request) => Response | Promise<Response>) | null = null;
  // Listening first: the app's APP_URL (Stripe's return address) is this server's address.
  const served = await serveOnFreePort((request) => handler!(request));
  const baseUrl = served.url;
  const env = readEnv({
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PREMIUM: PRICE,
    STRIPE_API_URL: fake.url,
  });
  const { deps, close } = await createDeps(env, { log: () => {} });
  const app = createApp(deps, { clientDir: clientDir() });
  handler = (request) => app.fetch(request);
  return {
    baseUrl,
    deps,
    fake,
    async close() {
      await served.close();
      await close();
      await fake.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function deliver(server: PaymentsServer, event: unknown): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/stripe/webhook`, signedWebhook(event, WEBHOOK_SECRET));
  expect(res.status).toBe(200);
}

let browser: Browser;
let server: PaymentsServer;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startPaymentsServer()]);
  context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('billing in the browser', () => {
  it('Upgrade goes to Stripe Checkout; after the webhook the app shows Premium and 500 toys', async () => {
    const user = await seedUser(server.deps);
    await page.goto('/frontpage');
    await page.evaluate((u) => {
      localStorage.setItem('authToken', u.token);
      localStorage.setItem('setupTime', String(Date.now()));
      localStorage.setItem('userId', u.userId);
      localStorage.setItem('username', 'Parent');
    }, user);

    await page.goto('/inventory');
    await page.getByText('0 / 100 toys').waitFor();

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(`${server.fake.url}/checkout/cs_test_*`);
    await page.getByRole('heading', { name: 'Fake Stripe checkout' }).waitFor();
    const session = server.fake.calls('/v1/checkout/sessions').at(-1)!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': PRICE,
      client_reference_id: user.userId,
      success_url: `${server.baseUrl}/paymentsuccess`,
      cancel_url: `${server.baseUrl}/paymentcanceled`,
    });

    // "Paying": Stripe makes the subscription, tells the server, and sends the browser back.
    const customer = session.form.customer!;
    const subscription = server.fake.putSubscription({ id: 'sub_e2e', customer, status: 'active', price: PRICE, metadata: { userId: user.userId } });
    const checkoutSession = { id: 'cs_e2e', object: 'checkout.session', mode: 'subscription', customer, client_reference_id: user.userId, subscription: subscription.id };
    await deliver(server, stripeEvent('checkout.session.completed', checkoutSession));
    await deliver(server, stripeEvent('customer.subscription.created', subscription));
    await page.goto(session.form.success_url!);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();

    await page.goto('/inventory');
    await page.getByText('0 / 500 toys').waitFor();
    await page.goto('/pricing');
    const premium = page.getByRole('listitem', { name: 'Premium plan' });
    await premium.getByText('Your current plan').waitFor();
    await expect(premium.getByRole('button', { name: 'Manage billing' }).isVisible()).resolves.toBe(true);

    // A renewal fails: every signed-in screen shows the notice with a way to the portal.
    await deliver(server, stripeEvent('invoice.payment_failed', { id: 'in_e2e', object: 'invoice', customer }));
    await page.goto('/rotation');
    await page.getByText(PAYMENT_FAILED_NOTICE).waitFor();
    await page.getByRole('button', { name: 'Open billing portal' }).click();
    await page.waitForURL(`${server.fake.url}/**`);
    const portal = server.fake.calls('/v1/billing_portal/sessions').at(-1)!;
    expect(portal.form).toMatchObject({ customer, return_url: `${server.baseUrl}/pricing` });
  });
});
