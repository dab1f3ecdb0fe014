import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { serveUntilExit } from './test-support/failed-start.js';
import { startTcpProxy } from './test-support/tcp-proxy.js';
import { TEST_VAPID_KEYS } from './test-support/vapid-keys.js';

// A bad DATABASE_URL stops the start with a message naming the variable and the cause.
// (The S3 settings' checks: start-checks.sqlite.test.ts.)

let dir = '';
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-start-')));

describe('DATABASE_URL at start', () => {
  it('names an unreachable server', async () => {
    await expect(openDatabase({ dataDir: dataDir(), databaseUrl: 'postgres://postgres@127.0.0.1:9/toys' })).rejects.toThrow(
      'DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:9/toys (ECONNREFUSED). Is the server running and the address right?',
    );
  });

  it('names a missing database', async () => {
    await expect(openDatabase({ dataDir: dataDir(), databaseUrl: 'postgres://postgres@127.0.0.1:5432/no_such_toy_database' })).rejects.toThrow(
      /^DATABASE_URL: PostgreSQL at 127\.0\.0\.1:5432\/no_such_toy_database has no such database/,
    );
  });

  it('names a host that takes the connection but never answers (one that drops packets), within the connect timeout', async () => {
    const silent = await startTcpProxy({ host: '127.0.0.1', port: 9 });
    silent.freeze();
    try {
      const started = Date.now();
      await expect(openDatabase({ dataDir: dataDir(), databaseUrl: `postgres://postgres@127.0.0.1:${silent.port}/toys`, connectTimeoutMs: 1000 })).rejects.toThrow(
        `DATABASE_URL: no answer from PostgreSQL at 127.0.0.1:${silent.port}/toys within 1 s`,
      );
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await silent.close();
    }
  });

  it('makes `npm run serve` exit with that message', async () => {
    const failure = await serveUntilExit({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/toys', CAPTCHA_SECRET: 'a-shared-captcha-secret', ...TEST_VAPID_KEYS, DATA_DIR: dataDir() });
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:9/toys (ECONNREFUSED)');
  });
});
