import { createBillingHarness, type BillingHarness } from '../../sync-server/test-support/billing.js';
import { serveOnFreePort } from '../../sync-server/test-support/serve-app.js';

// Test support (not shipped): the real server with payments on, wired to the fake Stripe,
// listening on 127.0.0.1:0 so browser-side code can reach it over real HTTP.

export type BillingServer = BillingHarness & { baseUrl: string };

export async function startBillingServer(): Promise<BillingServer> {
  const harness = await createBillingHarness();
  const served = await serveOnFreePort(harness.t.app.fetch);
  return {
    ...harness,
    baseUrl: served.url,
    async close() {
      await served.close();
      await harness.close();
    },
  };
}

/** A fetch that sends the client's relative `/api/...` paths to `baseUrl`, as a browser would. */
export function fetchAgainst(baseUrl: string): typeof fetch {
  const realFetch = globalThis.fetch; // taken now: the result usually replaces the global
  return (input, init) => realFetch(typeof input === 'string' && input.startsWith('/') ? baseUrl + input : input, init);
}
