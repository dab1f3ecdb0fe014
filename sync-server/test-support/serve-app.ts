import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';

export type ServedApp = { url: string; port: number; server: ServerType; close(): Promise<void> };

/**
 * Serves `fetch` (an app's, or a handler set later) over real HTTP on a free loopback port
 * (or on `port`, for a server restarted where its clients expect it), for tests that need
 * sockets: browsers, client code, per-address limits. close() also ends open connections
 * (live sync streams), so it never waits on them.
 */
export async function serveOnFreePort(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { overrideGlobalObjects?: boolean; port?: number } = {},
): Promise<ServedApp> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch, hostname: '127.0.0.1', ...options, port: options.port ?? 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    async close() {
      (server as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
