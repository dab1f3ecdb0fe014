import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { isPostgres } from './db/database.js';
import { readEnv } from './env.js';
import { createLogger, lineLogger } from './lib/logger.js';
import { startUpLine } from './lib/start-up-summary.js';
import { createTestApp, jsonRequest, type TestApp } from './test-support/test-app.js';
import { seedUser } from './test-support/users.js';
import { TEST_VAPID_KEYS } from './test-support/vapid-keys.js';

// What an operator reads: JSON log lines that carry the request's id (also in the answer's
// X-Request-Id), routes named by pattern and never by a path holding a secret, and the
// Prometheus metrics at METRICS_PATH. Runs on both databases (the pool gauge is PostgreSQL's).

type Line = Record<string, unknown> & { msg: string; level: string };

let t: TestApp;
let lines: Line[];
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestApp();
  lines = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  app = createApp({ ...t.deps, logger, log: lineLogger(logger) });
});
afterAll(() => t.close());

describe('request ids and JSON logs', () => {
  it('answers a sane X-Request-Id as it came, and replaces one that is not', async () => {
    const kept = await app.request('/api/stripe/config', { headers: { 'X-Request-Id': 'proxy-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a.42');
    const replaced = await app.request('/api/stripe/config', { headers: { 'X-Request-Id': 'bad id\twith "quotes" <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await app.request('/api/stripe/config');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(fresh.headers.get('x-request-id')).not.toBe(replaced.headers.get('x-request-id'));
    expect(lines.find((line) => line.requestId === 'proxy-7f3a.42')).toMatchObject({ level: 'info', method: 'GET', route: '/api/stripe/config', status: 200 });
  });

  it('puts the request id on every line written while handling it, and names routes by their pattern', async () => {
    lines.length = 0;
    const token = 'Live-Reset-Token-0123456789abcdefghijklmnopq';
    // A failure inside the handler writes a line of its own (the error handler's) besides the request's.
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
    const failing = createApp({
      ...t.deps,
      db: t.deps.db.withPlugin({
        transformQuery: () => {
          throw new Error('a bug in a query');
        },
        transformResult: async (args) => args.result,
      }),
      logger,
      log: lineLogger(logger),
    });
    const res = await failing.request(`/api/auth/resetpassword/${token}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'X-Request-Id': 'trace-1' },
      body: JSON.stringify({ password: 'a brand new passphrase' }),
    });
    expect(res.status).toBe(500);
    const mine = lines.filter((line) => line.requestId === 'trace-1');
    expect(mine.map((line) => line.level)).toEqual(['error', 'info']); // the failure, then the request
    expect(mine[1]).toMatchObject({ route: '/api/auth/resetpassword/:resetToken', status: 500 });
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});

describe('metrics', () => {
  it('counts requests by route pattern and status, with latency, sync pushes and pulls, streams and the pool', async () => {
    const user = await seedUser(t.deps);
    await app.request('/api/private/getusertoys', jsonRequest('GET', undefined, user.token));
    await app.request('/api/private/getusertoys', jsonRequest('GET', undefined, 'not-a-session'));
    await app.request('/api/sync/toys/pull', jsonRequest('GET', undefined, user.token));
    await app.request('/api/sync/toys/push', jsonRequest('POST', [], user.token));
    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('toy_rotation_http_requests_total{method="GET",route="/api/private/getusertoys",status="200"} 1');
    expect(text).toContain('toy_rotation_http_requests_total{method="GET",route="/api/private/getusertoys",status="401"} 1');
    expect(text).toMatch(/toy_rotation_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/private\/getusertoys",status="200"\} \d/);
    expect(text).toContain('toy_rotation_sync_pulls_total{collection="toys",status="200"} 1');
    expect(text).toContain('toy_rotation_sync_pushes_total{collection="toys",status="200"} 1');
    expect(text).toContain('toy_rotation_sync_open_streams 0');
    expect(text).toContain('toy_rotation_import_memory_budget_bytes');
    if (isPostgres(t.db)) expect(text).toMatch(/toy_rotation_database_pool_connections\{state="total"\} [1-9]/);
  });

  it('are served at METRICS_PATH, or not at all with off', async () => {
    const moved = await createTestApp({ METRICS_PATH: '/internal/prometheus' });
    expect((await moved.app.request('/internal/prometheus')).status).toBe(200);
    expect((await moved.app.request('/metrics')).status).toBe(404);
    await moved.close();
    const off = await createTestApp({ METRICS_PATH: 'off' });
    expect((await off.app.request('/metrics')).status).toBe(404);
    await off.close();
  });
});

describe('the start-up line', () => {
  it('says where it serves and what it uses, without secrets', () => {
    const env = readEnv({
      DATABASE_URL: 'postgres://toys:s3cret-pass@db.internal:5432/toys',
      CAPTCHA_SECRET: 'a-long-shared-secret',
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'https://minio.internal:9000',
      S3_BUCKET: 'toy-photos',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'very-secret-key',
      SMTP_URL: 'smtp://mailer:mail-pass@smtp.example.com:587',
      STRIPE_SECRET_KEY: 'sk_test_123',
      APP_URL: 'https://toys.example.com',
      ...TEST_VAPID_KEYS,
    });
    const line = startUpLine(env, 'http://0.0.0.0:8080');
    expect(line).toBe(
      'serving https://toys.example.com on http://0.0.0.0:8080 (database: PostgreSQL at db.internal:5432/toys; photos: S3 bucket toy-photos at minio.internal:9000; ' +
        'mail: SMTP via smtp.example.com:587; payments: on; metrics: /metrics)',
    );
    expect(line).not.toMatch(/s3cret|mail-pass|very-secret|AKIA|sk_test/);
    expect(line).not.toContain(TEST_VAPID_KEYS.VAPID_PRIVATE_KEY);
    expect(startUpLine(readEnv({ DATA_DIR: '/srv/toys' }), 'http://127.0.0.1:8080')).toContain('database: SQLite in /srv/toys; photos: disk in /srv/toys/media; mail: files in /srv/toys/outbox (no SMTP_URL); payments: off');
  });
});
