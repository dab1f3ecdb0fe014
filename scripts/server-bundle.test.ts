import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../sync-server/app.js';
import { registerThroughApi } from '../sync-server/test-support/register.js';
import { spawnServer, type SpawnedServer } from '../sync-server/test-support/server-process.js';
import { dataUrl, makePng } from '../sync-server/test-support/test-images.js';
import { buildServer } from './build-server.js';
import { builtFrom, serverInputsHash } from './build-inputs.js';

// `npm start` runs the server bundled by esbuild with plain Node (decision 038), while the other
// suites run its sources through tsx. This runs the bundle itself through what bundling can
// break: a dependency left outside it (better-sqlite3, sharp), the chunks loaded lazily (the
// email layout), the CommonJS dependencies inside it, and the client folder it serves.

const repo = path.resolve(import.meta.dirname, '..');
// Inside the repository and as deep as sync-server/, like dist-server/ (see buildServer).
const outDir = path.join(repo, '.tmp/server-bundle-test');
let server: SpawnedServer;

beforeAll(async () => {
  await buildServer(outDir);
  const client = path.join(outDir, 'client');
  fs.mkdirSync(client);
  fs.writeFileSync(path.join(client, 'index.html'), '<!doctype html><title>Toy Rotation</title><div id="root"></div>');
  server = await spawnServer({ CLIENT_DIR: client }, { entry: path.join(outDir, 'index.js'), prefix: 'toy-rotation-bundle', startTimeoutMs: 120_000 });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

describe('the server bundle (npm start)', () => {
  it('is stamped with the hash of its sources', () => {
    expect(builtFrom(outDir)).toBe(serverInputsHash(repo));
  });

  it('registers, stores a photo, sends a laid-out email and serves the client', async () => {
    const overHttp = { request: (url: string, init?: RequestInit) => fetch(`${server.url}${url}`, init) } as unknown as App;
    const user = await registerThroughApi(overHttp);

    const added = await fetch(`${server.url}/api/private/addToy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ title: 'Wooden train', data: dataUrl(makePng(64, 64, 1), 'image/png') }),
    });
    expect(added.status).toBe(200);
    expect(fs.readdirSync(path.join(server.dataDir, 'media'), { recursive: true }).length).toBeGreaterThan(0);

    const forgot = await fetch(`${server.url}/api/auth/forgotpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(forgot.status).toBe(200);
    // The reset email is sent after the answer (its timing says nothing about the address).
    const outbox = path.join(server.dataDir, 'outbox');
    await expect
      .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')) : []), { timeout: 30_000 })
      .toEqual([expect.stringMatching(/text\/plain[\s\S]*text\/html/)]);

    const page = await fetch(`${server.url}/inventory`);
    expect(await page.text()).toContain('<title>Toy Rotation</title>');
  });
});
