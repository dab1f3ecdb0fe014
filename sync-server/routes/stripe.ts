import { Hono } from 'hono';
import { PAYMENTS_OFF_MESSAGE, type PaymentsConfig } from '../../shared/schemas/billing.js';
import type { AppDeps, AuthedEnv } from '../context.js';
import { requireUser } from '../lib/require-user.js';
import { createCheckoutLink, createPortalLink, productStatus } from '../services/billing/sessions.js';
import { createStripeClient } from '../services/billing/stripe-client.js';
import { createWebhookHandler, verifyWebhook } from '../services/billing/webhook.js';

/**
 * The spec's three Payment reads (section 7) and Stripe's webhook. Without STRIPE_SECRET_KEY
 * every call answers 503 {error}, so the client can say payments are off.
 */
export function stripeRoutes(deps: AppDeps) {
  const app = new Hono<AuthedEnv>();
  const auth = requireUser(deps);
  const stripe = createStripeClient(deps.env);
  const webhookSecret = deps.env.STRIPE_WEBHOOK_SECRET;
  const webhooks = stripe && webhookSecret ? createWebhookHandler(deps, stripe) : null;

  app.get('/config', (c) => c.json({ paymentsEnabled: stripe !== null } satisfies PaymentsConfig));

  // Not behind the bearer check: Stripe signs the raw body instead.
  app.post('/webhook', async (c) => {
    if (!stripe || !webhooks || !webhookSecret) return c.json({ error: PAYMENTS_OFF_MESSAGE }, 503);
    const event = await verifyWebhook(deps, stripe, webhookSecret, await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome: await webhooks.handle(event) });
  });

  if (!stripe) {
    for (const path of ['/get_product_status', '/create_checkout_link_premium', '/billing_portal']) {
      app.get(path, auth, (c) => c.json({ error: PAYMENTS_OFF_MESSAGE }, 503));
    }
    return app;
  }

  app.get('/get_product_status', auth, (c) => c.json(productStatus(c.get('user'))));
  app.get('/create_checkout_link_premium', auth, async (c) => c.json({ url: await createCheckoutLink(deps, stripe, c.get('user')) }));
  app.get('/billing_portal', auth, async (c) => c.json({ url: await createPortalLink(deps, stripe, c.get('user')) }));
  return app;
}
