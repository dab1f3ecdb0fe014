import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/schemas/auth.js';
import { RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../services/rate-limit.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { cheapPasswordHash } from '../test-support/register.js';
import { seedUser } from '../test-support/users.js';

// Rate limits as a client meets them. The counting rules themselves are unit-tested in
// services/rate-limit.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });
const post = (path: string, body: unknown, ip: string) => t.app.request(path, jsonRequest('POST', body), from(ip));

async function outboxHolds(count: number) {
  const dir = path.join(t.dataDir, 'outbox');
  for (let i = 0; i < 200 && !(fs.existsSync(dir) && fs.readdirSync(dir).length >= count); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(fs.readdirSync(dir)).toHaveLength(count);
}

async function expectTooMany(res: Response) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('login', () => {
  it(`answers 429 after ${RATE_LIMITS.loginFailuresPerIpAndEmail.points} failures for one account from one address`, async () => {
    const { email, userId } = await seedUser(t.deps);
    // A cheap stored hash keeps ten failed checks fast; the cost is read from the hash itself.
    await t.db.updateTable('users').set({ password_hash: cheapPasswordHash('the right one') }).where('id', '=', userId).execute();
    const failures = await Promise.all(
      Array.from({ length: RATE_LIMITS.loginFailuresPerIpAndEmail.points }, () =>
        post('/api/auth/login', { email, password: 'guess guess' }, '192.0.2.1'),
      ),
    );
    for (const res of failures) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: AUTH_MESSAGES.badLogin });
    }
    await expectTooMany(await post('/api/auth/login', { email, password: 'guess again' }, '192.0.2.1'));
    // Even the right password waits now, from that address.
    await expectTooMany(await post('/api/auth/login', { email: email.toUpperCase(), password: 'the right one' }, '192.0.2.1'));
    expect((await post('/api/auth/login', { email, password: 'the right one' }, '192.0.2.50')).status).toBe(200);
    // Malformed requests are refused before counting or checking anything.
    expect((await post('/api/auth/login', { email }, '192.0.2.77')).status).toBe(400);
  });
});

describe('register', () => {
  it(`answers 429 after ${RATE_LIMITS.registerPerIp.points} attempts an hour from one address`, async () => {
    const body = (i: number) => ({ username: 'Bot', email: `bot${i}@example.com`, password: 'longenough', tokenReCap: 'x' });
    for (let i = 0; i < RATE_LIMITS.registerPerIp.points; i++) {
      expect((await post('/api/auth/register', body(i), '192.0.2.2')).status).toBe(400); // bad captcha, but counted
    }
    await expectTooMany(await post('/api/auth/register', body(99), '192.0.2.2'));
    expect((await post('/api/auth/register', body(99), '192.0.2.3')).status).toBe(400);
  });

  it(`answers 429 after ${RATE_LIMITS.registerPerEmail.points} attempts an hour for one email`, async () => {
    const body = { username: 'Bot', email: 'target@example.com', password: 'longenough', tokenReCap: 'x' };
    for (let i = 0; i < RATE_LIMITS.registerPerEmail.points; i++) {
      expect((await post('/api/auth/register', body, `192.0.2.${10 + i}`)).status).toBe(400);
    }
    await expectTooMany(await post('/api/auth/register', body, '192.0.2.99'));
  });
});

describe('forgot password', () => {
  it(`answers 429 after ${RATE_LIMITS.forgotPerEmail.points} requests an hour for one email`, async () => {
    const { email } = await seedUser(t.deps);
    for (let i = 0; i < RATE_LIMITS.forgotPerEmail.points; i++) {
      expect((await post('/api/auth/forgotpassword', { email }, `198.18.0.${i}`)).status).toBe(200);
    }
    await expectTooMany(await post('/api/auth/forgotpassword', { email }, '198.18.0.200'));
    expect(t.sent.filter((m) => m.to === email)).toHaveLength(RATE_LIMITS.forgotPerEmail.points);
    await outboxHolds(RATE_LIMITS.forgotPerEmail.points); // the mail is sent in the background
  });

  it(`answers 429 after ${RATE_LIMITS.forgotPerIp.points} requests from one address`, async () => {
    for (let i = 0; i < RATE_LIMITS.forgotPerIp.points; i++) {
      expect((await post('/api/auth/forgotpassword', { email: `who${i}@example.com` }, '198.18.1.1')).status).toBe(200);
    }
    await expectTooMany(await post('/api/auth/forgotpassword', { email: 'who@example.com' }, '198.18.1.1'));
  });
});
