import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, type Person } from '../test-support/households.js';
import { SoftAuthenticator } from '../test-support/soft-authenticator.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';

// Passkeys (issue 24): add, list, remove, and sign in instead of the password, with a software
// authenticator; the refusals a phishing page or a replay meets. Both databases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://toys.example' });
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = 'https://toys.example';

async function post(path: string, body?: unknown, token?: string, ip = '203.0.113.9') {
  const res = await t.app.request(`/api/auth/passkeys${path}`, jsonRequest('POST', body, token), { incoming: { socket: { remoteAddress: ip } } });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A person with one passkey on `key`. */
async function withPasskey(name?: string): Promise<{ who: Person; key: SoftAuthenticator }> {
  const who = await person(t);
  const key = new SoftAuthenticator(ORIGIN);
  const options = await post('/add/options', undefined, who.token);
  expect(options.status).toBe(200);
  const added = await post('/add', { name, credential: key.register(options.body as never) }, who.token);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return { who, key };
}

async function signIn(key: SoftAuthenticator, overrides: Parameters<SoftAuthenticator['authenticate']>[1] = {}) {
  const options = await post('/sign-in/options');
  expect(options.status).toBe(200);
  const credential = key.authenticate(options.body as never, overrides);
  return { ...(await post('/sign-in', { credential })), credential };
}

describe('passkeys', () => {
  it('are added after signing in, listed and removed; the relying party is APP_URL', async () => {
    const who = await person(t);
    expect((await post('/add/options')).status).toBe(401);
    const options = await post('/add/options', undefined, who.token);
    expect(options.body).toMatchObject({ rp: { id: 'toys.example', name: 'Toy Rotation' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    const key = new SoftAuthenticator(ORIGIN);
    const added = await post('/add', { name: 'My phone', credential: key.register(options.body as never) }, who.token);
    expect(added.body).toEqual({ id: key.id, name: 'My phone', createdAt: expect.any(String), lastUsedAt: null, backedUp: false });
    // The same answer again: its challenge is spent.
    expect((await post('/add', { credential: key.register(options.body as never) }, who.token)).status).toBe(400);

    const list = await who.api.get('/api/auth/passkeys');
    expect(list.body).toEqual({ passkeys: [added.body] });
    const stranger = await person(t);
    expect((await stranger.api.del(`/api/auth/passkeys/${key.id}`)).status).toBe(404);
    expect((await who.api.del(`/api/auth/passkeys/${key.id}`)).body).toEqual({ msg: 'The passkey was removed.' });
    expect((await who.api.get('/api/auth/passkeys')).body).toEqual({ passkeys: [] });
    const refused = await signIn(key);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatch(/not known here/);
  });

  it('sign a person in with the same answer as the password login', async () => {
    const { who, key } = await withPasskey();
    const res = await signIn(key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), userId: who.userId, username: 'Parent', householdId: who.userId });
    const me = await t.app.request('/api/auth/me', jsonRequest('GET', undefined, res.body.token as string));
    expect(((await me.json()) as { userId: string }).userId).toBe(who.userId);
    expect((await who.api.get('/api/auth/passkeys')).body.passkeys[0].lastUsedAt).toEqual(expect.any(String));
  });

  it('refuse a replayed answer, a cloned authenticator (counter not growing) and an expired challenge', async () => {
    const { key } = await withPasskey();
    const first = await signIn(key);
    expect(first.status).toBe(200);
    const replay = await post('/sign-in', { credential: first.credential });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toMatch(/expired or was already used/);
    // A fresh challenge signed with a counter the server has already seen: a copy of the key.
    const clone = await signIn(key, { counter: key.counter });
    expect(clone.status).toBe(401);
    expect(clone.body.error).toMatch(/could not sign you in/);
    const options = await post('/sign-in/options');
    t.advance(6 * 60 * 1000);
    expect((await post('/sign-in', { credential: key.authenticate(options.body as never) })).status).toBe(401);
    expect((await signIn(key)).status).toBe(200); // the real key still works
  });

  it('refuse an answer made for another site (origin or relying party) and change nothing', async () => {
    const { who, key } = await withPasskey();
    for (const overrides of [{ origin: 'https://toys.example.evil.test' }, { rpID: 'evil.test' }, { type: 'webauthn.create' }]) {
      const res = await signIn(key, overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(401);
      expect(res.body.error).toMatch(/could not sign you in/);
    }
    expect((await who.api.get('/api/auth/passkeys')).body.passkeys[0].lastUsedAt).toBeNull();
    // Adding from another origin is refused too.
    const options = await post('/add/options', undefined, who.token);
    expect((await post('/add', { credential: new SoftAuthenticator('https://evil.test').register(options.body as never) }, who.token)).status).toBe(400);
  });

  it('a challenge handed out for adding cannot sign in', async () => {
    const { who, key } = await withPasskey();
    const options = await post('/add/options', undefined, who.token);
    const res = await post('/sign-in', { credential: key.authenticate({ challenge: options.body.challenge as string, rpId: 'toys.example' }) });
    expect(res.status).toBe(401);
  });

  it('are rate limited per credential and per address like the login', async () => {
    const { key } = await withPasskey();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await post('/sign-in', { credential: key.authenticate({ challenge: `made-up-${i}`, rpId: 'toys.example' }) }, undefined, '198.51.100.7');
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('the API description', () => {
  it('lists the passkey and push calls with their schemas', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const calls = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`));
    expect(calls).toEqual(
      expect.arrayContaining([
        'get /api/auth/passkeys',
        'post /api/auth/passkeys/add/options',
        'post /api/auth/passkeys/add',
        'delete /api/auth/passkeys/{id}',
        'post /api/auth/passkeys/sign-in/options',
        'post /api/auth/passkeys/sign-in',
        'get /api/push/key',
        'post /api/push/subscriptions',
        'post /api/push/unsubscribe',
        'post /api/push/test',
      ]),
    );
    expect(doc.paths['/api/auth/passkeys/sign-in']!.post!.requestBody).toBeDefined();
    expect(doc.paths['/api/push/subscriptions']!.post!.requestBody).toBeDefined();
  });
});
