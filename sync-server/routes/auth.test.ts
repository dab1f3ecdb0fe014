import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../../shared/domain/password-strength.js';
import { AUTH_MESSAGES } from '../../shared/schemas/auth.js';
import { SESSION_LIFETIME_MS } from '../../shared/domain/session.js';
import { CAPTCHA_TTL_MS } from '../services/auth/captcha.js';
import { hashToken } from '../lib/tokens.js';
import { RENEW_GRACE_MS } from '../services/auth/sessions.js';
import { registerThroughApi, solveCaptcha, TEST_PASSWORD, type Registered } from '../test-support/register.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { asHouseholdId } from '../db/schema.js';

let t: TestApp;
let loggedInToken = '';
let parent: Registered; // registered once through the API, reused (scrypt is deliberately slow)

beforeAll(async () => {
  t = await createTestApp();
  parent = await registerThroughApi(t.app, { email: 'Parent.One@Example.com', username: 'Ada' });
});
afterAll(() => t.close());

const post = (path: string, body?: unknown, token?: string) => t.app.request(path, jsonRequest('POST', body, token));
const countUsers = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('POST /api/auth/register', () => {
  it('creates the account with its defaults and answers a working token', async () => {
    expect(parent.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', parent.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'parent.one@example.com', username: 'Ada', plan: 'free' });
    expect(user.password_hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(user.password_hash).not.toContain(TEST_PASSWORD);
    const settings = await t.db.selectFrom('settings').selectAll().where('household_id', '=', asHouseholdId(parent.userId)).executeTakeFirst();
    expect(settings?.rotation_toys_number).toBe(8);
    const lists = await t.db.selectFrom('lists').select(['id', 'name']).where('household_id', '=', asHouseholdId(parent.userId)).execute();
    expect(lists).toEqual([{ id: 'uncategorized', name: 'Uncategorized' }]);
    expect((await post('/api/auth/renew', undefined, parent.token)).status).toBe(200);
  });

  it('answers token, userId and username, and tells live sync streams', async () => {
    const publish = vi.spyOn(t.deps.feed, 'publish');
    const tokenReCap = await solveCaptcha(t.app);
    const res = await post('/api/auth/register', { username: '  Grace ', email: 'grace@example.com', password: 'longenough', tokenReCap });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ token: expect.any(String), userId: expect.any(String), username: 'Grace', householdId: body.userId });
    expect(publish).toHaveBeenCalledWith(body.userId, ['settings', 'lists']);
    publish.mockRestore();

    // The same solved captcha cannot be used again, even for another account.
    const replay = await post('/api/auth/register', { username: 'Eve', email: 'eve@example.com', password: 'longenough', tokenReCap });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: AUTH_MESSAGES.captchaReused });
    expect(await t.db.selectFrom('users').where('email', '=', 'eve@example.com').selectAll().executeTakeFirst()).toBeUndefined();
  });

  it('refuses an email already taken, whatever its case and spaces', async () => {
    const before = await countUsers();
    const res = await post('/api/auth/register', {
      username: 'Other',
      email: '  PARENT.ONE@example.COM ',
      password: 'another password',
      tokenReCap: await solveCaptcha(t.app),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: AUTH_MESSAGES.emailTaken });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a 7-character password', { password: '1234567' }, 'at least 8'],
    ['a 129-character password', { password: 'x'.repeat(129) }, 'at most 128'],
    ['no username', { username: undefined }, 'Username is required'],
    ['a blank username', { username: '   ' }, 'Username is required'],
    ['a 51-character username', { username: 'u'.repeat(51) }, 'at most 50'],
    ['no email', { email: undefined }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'valid email'],
    ['no password', { password: undefined }, 'Password is required'],
    ['no captcha', { tokenReCap: undefined }, 'captcha'],
    ['the password "password"', { password: 'password' }, WEAK_PASSWORD_MESSAGE],
    ['the password "12345678"', { password: '12345678' }, WEAK_PASSWORD_MESSAGE],
    ['a common password with a digit', { password: 'Password1' }, WEAK_PASSWORD_MESSAGE],
    ['the email as password', { email: 'maxwell.parent@example.com', password: 'maxwell.parent@example.com' }, WEAK_PASSWORD_MESSAGE],
  ])('answers 400 and stores nothing for %s', async (_name, change, message) => {
    const before = await countUsers();
    const body = { username: 'New', email: 'new@example.com', password: 'longenough', tokenReCap: 'x', ...change };
    const res = await post('/api/auth/register', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it('keeps the captcha usable when only the password was too common', async () => {
    const tokenReCap = await solveCaptcha(t.app);
    const weak = await post('/api/auth/register', { username: 'Kim', email: 'kim@example.com', password: 'iloveyou1', tokenReCap });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual({ error: WEAK_PASSWORD_MESSAGE });
    const strong = await post('/api/auth/register', { username: 'Kim', email: 'kim@example.com', password: 'kites over the river', tokenReCap });
    expect(strong.status).toBe(200);
  });

  it('refuses a captcha that is garbage, tampered with or expired', async () => {
    const before = await countUsers();
    const good = await solveCaptcha(t.app);
    const decoded = JSON.parse(Buffer.from(good, 'base64').toString());
    const tampered = Buffer.from(JSON.stringify({ ...decoded, number: decoded.number + 1 })).toString('base64');
    const forged = Buffer.from(JSON.stringify({ ...decoded, signature: '0'.repeat(64) })).toString('base64');
    for (const tokenReCap of ['garbage', Buffer.from('{"a":1}').toString('base64'), tampered, forged]) {
      const res = await post('/api/auth/register', { username: 'Bot', email: 'bot@example.com', password: 'longenough', tokenReCap });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: AUTH_MESSAGES.captchaInvalid });
    }
    t.advance(CAPTCHA_TTL_MS + 1000);
    const late = await post('/api/auth/register', { username: 'Slow', email: 'slow@example.com', password: 'longenough', tokenReCap: good });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: AUTH_MESSAGES.captchaInvalid });
    expect(await countUsers()).toBe(before);
  });

  it('serves captcha challenges that are signed, expiring and never cached', async () => {
    const res = await t.app.request('/api/auth/captcha');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const challenge = await res.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 100_000 });
    expect(challenge.signature).toMatch(/^[a-f0-9]{64}$/);
    expect(challenge.salt).toMatch(/\?expires=\d+&$/);
  });

  it("names the new household in the registering app's language (its Accept-Language), English by default", async () => {
    const householdName = async (id: string) =>
      (await t.db.selectFrom('households').select('name').where('id', '=', asHouseholdId(id)).executeTakeFirstOrThrow()).name;
    expect(await householdName(parent.userId)).toBe("Ada's family");
    const named: [string, string][] = [
      ['de-DE,de;q=0.9,en;q=0.5', 'Familie von Kai'],
      ['fr', 'Famille de Kai'],
      ['es-MX', 'Familia de Kai'],
    ];
    for (const [acceptLanguage, name] of named) {
      const tokenReCap = await solveCaptcha(t.app);
      const request = jsonRequest('POST', { username: 'Kai', email: `kai-${acceptLanguage.slice(0, 2)}@example.com`, password: 'longenough', tokenReCap });
      const res = await t.app.request('/api/auth/register', { ...request, headers: { ...(request.headers as Record<string, string>), 'accept-language': acceptLanguage } });
      expect(res.status).toBe(200);
      expect(await householdName(((await res.json()) as { userId: string }).userId)).toBe(name);
    }
  });
});

describe('POST /api/auth/login', () => {
  it('answers a new session and records the activity', async () => {
    t.advance(5000);
    const res = await post('/api/auth/login', { email: ' PARENT.one@example.com', password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ token: expect.any(String), userId: parent.userId, username: 'Ada', householdId: parent.userId });
    expect(body.token).not.toBe(parent.token);
    const user = await t.db.selectFrom('users').select('last_active_at').where('id', '=', parent.userId).executeTakeFirstOrThrow();
    expect(Math.abs(Number(user.last_active_at) - t.deps.now())).toBeLessThan(2000);
    loggedInToken = body.token;
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const [unknown, wrong] = await Promise.all([
      post('/api/auth/login', { email: 'nobody@example.com', password: TEST_PASSWORD }),
      post('/api/auth/login', { email: parent.email, password: 'wrong password' }),
    ]);
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const [a, b] = [await unknown.json(), await wrong.json()];
    expect(a).toEqual({ error: AUTH_MESSAGES.badLogin });
    expect(b).toEqual(a);
  });

  it('answers 400 for a missing password or email', async () => {
    expect((await post('/api/auth/login', { email: parent.email })).status).toBe(400);
    expect((await post('/api/auth/login', { password: 'x' })).status).toBe(400);
    expect((await t.app.request('/api/auth/login', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});

describe('sessions', () => {
  it('renew gives a fresh working token; the old one winds down within a minute', async () => {
    const { token } = await seedUser(t.deps);
    const res = await post('/api/auth/renew', undefined, token);
    expect(res.status).toBe(200);
    const { token: fresh } = await res.json();
    expect(fresh).not.toBe(token);
    expect((await post('/api/auth/renew', undefined, token)).status).toBe(200); // grace period
    t.advance(RENEW_GRACE_MS + 1);
    expect((await post('/api/auth/renew', undefined, token)).status).toBe(401);
    expect((await post('/api/auth/renew', undefined, fresh)).status).toBe(200);
  });

  it('logout revokes the token at once', async () => {
    const { token } = await seedUser(t.deps);
    const res = await post('/api/auth/logout', undefined, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: AUTH_MESSAGES.loggedOut });
    const after = await post('/api/auth/renew', undefined, token);
    expect(after.status).toBe(401);
    expect((await after.json()).error).toEqual(expect.any(String));
    expect((await post('/api/auth/logout', undefined, token)).status).toBe(401);
  });

  it(`ends a session ${SESSION_LIFETIME_MS} ms after it began`, async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // a still clock, so "1 ms before the end" is exact
    try {
      const session = await t.db
        .selectFrom('sessions')
        .selectAll()
        .where('token_hash', '=', hashToken(loggedInToken))
        .executeTakeFirstOrThrow();
      expect(Number(session.expires_at) - Number(session.created_at)).toBe(SESSION_LIFETIME_MS);
      t.advance(Number(session.expires_at) - 1 - t.deps.now());
      expect((await post('/api/auth/renew', undefined, loggedInToken)).status).toBe(200);
      t.advance(1);
      expect((await post('/api/auth/renew', undefined, loggedInToken)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['a malformed header', 'Token abc'],
    ['an unknown token', 'Bearer not-a-real-token'],
  ])('renew and logout answer 401 {error} for %s', async (_name, header) => {
    for (const path of ['/api/auth/renew', '/api/auth/logout']) {
      const res = await t.app.request(path, { method: 'POST', headers: header ? { authorization: header } : {} });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });
});
