import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../sync-server/app.js';
import type { AppDeps } from '../../sync-server/context.js';
import { createDeps } from '../../sync-server/deps.js';
import { readEnv } from '../../sync-server/env.js';
import { serveOnFreePort } from '../../sync-server/test-support/serve-app.js';
import { clientDir } from './browser.js';

// The built client served by a server in this test's own process, at http://localhost:PORT,
// for tests that call its services directly (the push reminder job) or need a host name as
// the app's address (passkeys are bound to a host name, never to 127.0.0.1).

export type InProcessServer = { baseUrl: string; port: number; deps: AppDeps; close(): Promise<void> };

export async function startInProcessServer(prefix: string): Promise<InProcessServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toy-rotation-e2e-${prefix}-`));
  let handler: ((request: Request) => Response | Promise<Response>) | null = null;
  // Listening first: APP_URL (the passkeys' relying party) is this server's address.
  const served = await serveOnFreePort((request) => handler!(request));
  const baseUrl = `http://localhost:${served.port}`;
  const { deps, close } = await createDeps(readEnv({ DATA_DIR: dataDir, APP_URL: baseUrl, LOG_LEVEL: 'silent' }), { log: () => {} });
  const app = createApp(deps, { clientDir: clientDir() });
  handler = (request) => app.fetch(request);
  return {
    baseUrl,
    port: served.port,
    deps,
    async close() {
      await served.close();
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
