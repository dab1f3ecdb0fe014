import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createBillingHarness, type BillingHarness } from '../../../sync-server/services/billing/test-helpers.js';

// Test support (not shipped): the real server with payments on, wired to the fake Stripe,
// listening on 127.0.0.1:0 so browser-side code can reach it over real HTTP.

export type BillingServer = BillingHarness & { baseUrl: string };

export async function startBillingServer(): Promise<BillingServer> {
  const harness = await createBillingHarness();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: harness.t.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...harness,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await harness.close();
    },
  };
}

/** A fetch that sends the client's relative `/api/...` paths to `baseUrl`, as a browser would. */
export function fetchAgainst(baseUrl: string): typeof fetch {
  const realFetch = globalThis.fetch; // taken now: the result usually replaces the global
  return (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? baseUrl + input : input, init);
}
