import { z } from 'zod';
import { PAYMENTS_OFF_MESSAGE, paymentsConfigSchema, paymentUrlSchema, productStatusSchema, type PaymentsConfig } from '../../shared/schemas/billing.js';
import type { AppDeps, MemberEnv } from '../context.js';
import { forbidden } from '../lib/http-error.js';
import { HOUSEHOLD_MESSAGES } from '../../shared/schemas/household.js';
import { apiRouter, defineRoute, serveRoute } from '../lib/api-routes.js';
import { requireMember } from '../lib/require-member.js';
import { createCheckoutLink, createPortalLink, productStatus } from '../services/billing/sessions.js';
import { createStripeClient } from '../services/billing/stripe-client.js';
import { createWebhookHandler, verifyWebhook } from '../services/billing/webhook.js';

const stripeApi = {
  config: defineRoute({ method: 'get', path: '/config', summary: 'Whether payments are set up (no sign-in needed)', answer: paymentsConfigSchema }),
  webhook: defineRoute({
    method: 'post',
    path: '/webhook',
    summary: "Stripe's events, signed in the Stripe-Signature header",
    answer: z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate']) }),
    failures: [400, 503],
  }),
  productStatus: defineRoute({ method: 'get', path: '/get_product_status', summary: 'The plan and subscription status', signedIn: true, answer: productStatusSchema, failures: [503] }),
  checkout: defineRoute({ method: 'get', path: '/create_checkout_link_premium', summary: 'A Stripe Checkout link for Premium (the household owner only)', signedIn: true, answer: paymentUrlSchema, failures: [403, 409, 502, 503] }),
  portal: defineRoute({ method: 'get', path: '/billing_portal', summary: "A Stripe customer portal link (the account that pays, else the household's owner)", signedIn: true, answer: paymentUrlSchema, failures: [403, 409, 502, 503] }),
};

/**
 * The spec's three Payment reads (section 7) and Stripe's webhook. Without STRIPE_SECRET_KEY
 * every call answers 503 {error}, so the client can say payments are off.
 */
export function stripeRoutes(deps: AppDeps) {
  const app = apiRouter<MemberEnv>();
  const auth = requireMember(deps);
  const stripe = createStripeClient(deps.env);
  const webhookSecret = deps.env.STRIPE_WEBHOOK_SECRET;
  const webhooks = stripe && webhookSecret ? createWebhookHandler(deps, stripe) : null;

  serveRoute(app, stripeApi.config, (c) => c.json({ paymentsEnabled: stripe !== null } satisfies PaymentsConfig));

  // Not behind the bearer check: Stripe signs the raw body instead.
  serveRoute(app, stripeApi.webhook, async (c) => {
    if (!stripe || !webhooks || !webhookSecret) return c.json({ error: PAYMENTS_OFF_MESSAGE }, 503);
    const event = await verifyWebhook(deps, stripe, webhookSecret, await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, outcome: await webhooks.handle(event) });
  });

  if (!stripe) {
    for (const route of [stripeApi.productStatus, stripeApi.checkout, stripeApi.portal]) {
      serveRoute(app, route, auth, (c) => c.json({ error: PAYMENTS_OFF_MESSAGE }, 503));
    }
    return app;
  }

  // The plan is the household's (issue 13): a member sees Premium once the owner pays. Checkout
  // is the owner's. The portal is the paying account's, whatever its role now: a subscription
  // stays with whoever pays for it, also after a handover (decision 016).
  serveRoute(app, stripeApi.productStatus, auth, (c) => c.json(productStatus({ ...c.get('user'), plan: c.get('owner').plan })));
  serveRoute(app, stripeApi.checkout, auth, async (c) => {
    if (c.get('owner').role !== 'owner') throw forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
    return c.json({ url: await createCheckoutLink(deps, stripe, { ...c.get('user'), plan: c.get('owner').plan }) });
  });
  serveRoute(app, stripeApi.portal, auth, async (c) => {
    const user = c.get('user');
    if (!user.stripe_customer_id) {
      if (c.get('owner').plan === 'paid') throw forbidden(HOUSEHOLD_MESSAGES.paidByOther);
      if (c.get('owner').role !== 'owner') throw forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
    }
    return c.json({ url: await createPortalLink(deps, stripe, user) });
  });
  return app;
}
