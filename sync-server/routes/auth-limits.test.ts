import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/schemas/auth.js';
import { RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../services/rate-limit.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { cheapPasswordHash, solveCaptcha } from '../test-support/register.js';
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
  for (let i = 0; i < 200 && !(fs.existsSync(dir) && fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).length >= count); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(fs.readdirSync(dir).filter((name) => name.endsWith('.eml'))).toHaveLength(count);
}

async function expectTooMany(res: Response) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('login', () => {
  async function cheapUser(password: string) {
    const user = await seedUser(t.deps);
    // A cheap stored hash keeps many checks fast; the cost is read from the hash itself.
    await t.db.updateTable('users').set({ password_hash: cheapPasswordHash(password) }).where('id', '=', user.userId).execute();
    return user;
  }

  it(`limits a parallel burst like a serial one: ${RATE_LIMITS.loginAttemptsPerIpAndEmail.points} checked, the rest 429`, async () => {
    const { email } = await cheapUser('the right one');
    const burst = await Promise.all(Array.from({ length: 40 }, () => post('/api/auth/login', { email, password: 'guess guess' }, '192.0.2.1')));
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.loginAttemptsPerIpAndEmail.points);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - RATE_LIMITS.loginAttemptsPerIpAndEmail.points);
    for (const res of burst.filter((r) => r.status === 401)) expect(await res.json()).toEqual({ error: AUTH_MESSAGES.badLogin });
    for (const res of burst.filter((r) => r.status === 429)) await expectTooMany(res);
    // Even the right password waits now, from that address; another address gets in.
    await expectTooMany(await post('/api/auth/login', { email: email.toUpperCase(), password: 'the right one' }, '192.0.2.1'));
    expect((await post('/api/auth/login', { email, password: 'the right one' }, '192.0.2.50')).status).toBe(200);
    // Malformed requests are refused before counting or checking anything.
    expect((await post('/api/auth/login', { email }, '192.0.2.77')).status).toBe(400);
  });

  it('never locks the owner out: after many failures from anywhere, a solved captcha lets the right password in', async () => {
    const { email } = await cheapUser('owner password');
    const attackers = Array.from({ length: 150 }, (_, i) => `203.0.113.${i}`);
    const answers: Response[] = [];
    for (let i = 0; i < attackers.length; i += 5) {
      // In fives: the hashing pool (2 at a time, 8 waiting) would answer a bigger burst 429 itself.
      answers.push(...(await Promise.all(attackers.slice(i, i + 5).map((ip) => post('/api/auth/login', { email, password: 'wrong guess' }, ip)))));
    }
    const checked = answers.filter((r) => r.status === 401).length;
    expect(checked).toBe(RATE_LIMITS.loginFailuresPerEmailBeforeCaptcha.points);
    expect(answers.filter((r) => r.status === 403)).toHaveLength(150 - checked);

    const fresh = '198.51.100.7';
    const withoutCaptcha = await post('/api/auth/login', { email, password: 'owner password' }, fresh);
    expect(withoutCaptcha.status).toBe(403);
    expect(await withoutCaptcha.json()).toEqual({ error: AUTH_MESSAGES.loginCaptchaRequired });
    const tokenReCap = await solveCaptcha(t.app);
    const owner = await post('/api/auth/login', { email, password: 'owner password', tokenReCap }, fresh);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ token: expect.any(String) });
    // The captcha works once.
    expect((await post('/api/auth/login', { email, password: 'owner password', tokenReCap }, fresh)).status).toBe(400);
  });

  it('does not let one busy address block every account (each address counts on its own)', async () => {
    const { email } = await cheapUser('mine');
    const others = await Promise.all(Array.from({ length: 5 }, () => cheapUser('theirs')));
    for (let i = 0; i < RATE_LIMITS.loginAttemptsPerIp.points; i++) {
      await post('/api/auth/login', { email: others[i % others.length]!.email, password: 'x' }, '192.0.2.200');
    }
    await expectTooMany(await post('/api/auth/login', { email, password: 'mine' }, '192.0.2.200'));
    expect((await post('/api/auth/login', { email, password: 'mine' }, '192.0.2.201')).status).toBe(200);
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
    await outboxHolds(RATE_LIMITS.forgotPerEmail.points); // the mail is sent after the answer
    expect(t.sent.filter((m) => m.to === email)).toHaveLength(RATE_LIMITS.forgotPerEmail.points);
  });

  it(`answers 429 after ${RATE_LIMITS.forgotPerIp.points} requests from one address`, async () => {
    for (let i = 0; i < RATE_LIMITS.forgotPerIp.points; i++) {
      expect((await post('/api/auth/forgotpassword', { email: `who${i}@example.com` }, '198.18.1.1')).status).toBe(200);
    }
    await expectTooMany(await post('/api/auth/forgotpassword', { email: 'who@example.com' }, '198.18.1.1'));
  });
});
