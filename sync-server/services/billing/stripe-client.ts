import Stripe from 'stripe';
import type { Env } from '../../env.js';

/**
 * The Stripe SDK client, built once from the environment; null while payments are off
 * (no STRIPE_SECRET_KEY). STRIPE_API_URL points it at a Stripe-compatible server such as
 * stripe-mock or the tests' fake (host, port and protocol are the SDK's own options).
 */
export function createStripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const existing = clients.get(env);
  if (existing) return existing;
  const client = new Stripe(env.STRIPE_SECRET_KEY, {
    ...(env.STRIPE_API_URL ? apiHostOptions(env.STRIPE_API_URL) : {}),
    maxNetworkRetries: 2, // POSTs carry idempotency keys, so a retry never doubles anything
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'toy-rotation' },
  });
  clients.set(env, client);
  return client;
}

// One client per environment object: the routes and account deletion share it.
const clients = new WeakMap<Env, Stripe>();

function apiHostOptions(url: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: parsed.port || (protocol === 'http' ? 80 : 443), protocol };
}
