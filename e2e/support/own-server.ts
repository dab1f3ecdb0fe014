import fs from 'node:fs';
import { clientDir } from './browser.js';
import { spawnServer } from '../../sync-server/test-support/server-process.js';

// A server of its own for a test file that makes many accounts (the shared server allows 30
// registrations an hour from one address), serving the same client build, with its own DATA_DIR.

export type OwnServer = { baseUrl: string; dataDir: string; stop(): Promise<void> };

export async function startOwnServer(prefix: string): Promise<OwnServer> {
  const server = await spawnServer({ CLIENT_DIR: clientDir(), LOG_LEVEL: 'error' }, { prefix: `toy-rotation-e2e-${prefix}` });
  return {
    baseUrl: server.url,
    dataDir: server.dataDir,
    async stop() {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    },
  };
}
