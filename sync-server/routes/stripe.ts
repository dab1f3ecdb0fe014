import { Hono } from 'hono';
import type { AppDeps } from '../context.js';
import { requireUser } from '../lib/require-user.js';

const NOT_SET_UP = 'Payments are not set up on this server';

/**
 * The spec's three Payment reads. Billing is built by a later issue: until then they answer
 * 503 whether or not STRIPE_SECRET_KEY is set, so the client can say payments are off.
 */
export function stripeRoutes(deps: AppDeps) {
  const app = new Hono();
  const paymentsOff = requireUser(deps);
  for (const path of ['/get_product_status', '/create_checkout_link_premium', '/billing_portal']) {
    app.get(path, paymentsOff, (c) => c.json({ error: NOT_SET_UP }, 503));
  }
  return app;
}
