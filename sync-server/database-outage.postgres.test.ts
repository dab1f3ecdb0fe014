import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { openDatabase } from './db/database.js';
import { createDeps, type ServerDeps } from './deps.js';
import { readEnv } from './env.js';
import { startTcpProxy, type TcpProxy } from './test-support/tcp-proxy.js';
import { freshSchemaUrl } from './test-support/test-database.js';
import { jsonRequest } from './test-support/test-app.js';
import { seedUser } from './test-support/users.js';

// PostgreSQL goes away under a running server (a restart, a crash, a network cut): the server
// reaches it through a loopback proxy that cuts every connection and refuses new ones, or
// freezes (holds every byte, closes nothing: a host that drops packets). Calls answer 503 with
// Retry-After within a second, /api/ready names the database, and once the database is back the
// same calls work again without a restart of the server. A statement that is merely slow on a
// reachable database is no outage: it runs to its end (decision 049).

let proxy: TcpProxy;
let server: ServerDeps;
let app: ReturnType<typeof createApp>;
let dataDir: string;

beforeAll(async () => {
  const url = new URL(await freshSchemaUrl());
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${proxy.port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-pg-outage-'));
  const db = await openDatabase({ dataDir, databaseUrl: url.toString(), poolSize: 4 });
  server = await createDeps(readEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { db, log: () => {} });
  app = createApp(server.deps);
});
afterAll(async () => {
  await server.close();
  await server.deps.db.destroy();
  await proxy.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('PostgreSQL stops answering', () => {
  it('answers 503 with Retry-After within a second, readiness says so, and all works again when it is back', async () => {
    const user = await seedUser(server.deps);
    const toys = () => app.request('/api/private/getusertoys', jsonRequest('GET', undefined, user.token));
    expect((await toys()).status).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await toys();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { error: string }).error).toMatch(/cannot reach its database/);
    }
    const ready = await app.request('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ database: 'unreachable', photoStore: 'ok' });
    expect((await app.request('/api/health')).status).toBe(200);

    await proxy.restore();
    expect((await toys()).status).toBe(200);
    expect((await app.request('/api/ready')).status).toBe(200);
  });
});

async function expectQuick503(request: () => Response | Promise<Response>) {
  const started = performance.now();
  const res = await request();
  expect(performance.now() - started).toBeLessThan(1000);
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(((await res.json()) as { error: string }).error).toMatch(/cannot reach its database/);
}

describe('the network to PostgreSQL freezes (nothing answers, nothing closes)', () => {
  it('answers 503 with Retry-After within a second, on busy and on new connections, and all works again when it thaws', async () => {
    const user = await seedUser(server.deps);
    const toys = () => app.request('/api/private/getusertoys', jsonRequest('GET', undefined, user.token));
    // Several calls at once: the pool holds open connections (which now hang) and opens new ones (which never finish).
    expect((await Promise.all([toys(), toys(), toys()])).map((res) => res.status)).toEqual([200, 200, 200]);

    proxy.freeze();
    try {
      await Promise.all([0, 1, 2, 3, 4, 5].map(() => expectQuick503(toys)));
      await expectQuick503(toys);
      // Sign-in counts attempts in PostgreSQL (the rate limiters' own queries): a quick 503 too.
      await expectQuick503(() => app.request('/api/auth/login', jsonRequest('POST', { email: user.email, password: 'not the password' })));
      const started = performance.now();
      const ready = await app.request('/api/ready');
      expect(performance.now() - started).toBeLessThan(1500);
      expect(await ready.json()).toMatchObject({ database: 'unreachable' });
    } finally {
      proxy.thaw();
    }
    const res = await toys();
    expect(res.status).toBe(200);
    expect((await app.request('/api/ready')).status).toBe(200);
  });

  it('ends a transaction whose network froze in its middle within a second (its rollback adds no second wait)', async () => {
    const db = server.deps.db;
    let started = 0;
    const transaction = db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      proxy.freeze();
      started = performance.now();
      await sql`select 2`.execute(trx);
    });
    try {
      await expect(transaction).rejects.toThrow(/database unavailable/);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      proxy.thaw();
    }
    expect((await sql<{ ok: number }>`select 1 as ok`.execute(db)).rows).toEqual([{ ok: 1 }]);
  });

  it('lets a slow statement on a reachable database run to its end, also when it waits for a connection', async () => {
    const db = server.deps.db;
    const started = performance.now();
    // Five slow statements on a pool of four: the fifth waits over a second for a connection.
    const slow = await Promise.all([0, 1, 2, 3, 4].map(() => sql<{ ok: number }>`select 1 as ok from pg_sleep(1.3)`.execute(db)));
    expect(slow.map((result) => result.rows[0]?.ok)).toEqual([1, 1, 1, 1, 1]);
    expect(performance.now() - started).toBeGreaterThan(2500);
  });
});
