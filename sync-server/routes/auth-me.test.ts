import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '../../shared/schemas/auth.js';
import { registerThroughApi, type Registered } from '../test-support/register.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';

// GET /api/auth/me: a client that holds only a token (no stored user id) learns whose it is,
// so it can open that user's local database (issue 9, fault 13).

let t: TestApp;
let parent: Registered;

beforeAll(async () => {
  t = await createTestApp();
  parent = await registerThroughApi(t.app, { email: 'Me.Parent@Example.com', username: 'Ada' });
});
afterAll(() => t.close());

const me = (token?: string) => t.app.request('/api/auth/me', jsonRequest('GET', undefined, token));

describe('GET /api/auth/me', () => {
  it('answers the user id, username and email of the bearer token', async () => {
    const res = await me(parent.token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ userId: parent.userId, username: 'Ada', email: 'me.parent@example.com', householdId: parent.userId, sessionHouseholdId: parent.userId, language: null });
    expect(meResponseSchema.parse(body)).toEqual(body);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 with a readable error without a token or with a revoked one', async () => {
    const none = await me();
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: expect.stringMatching(/log in/i) });

    const other = await registerThroughApi(t.app);
    await t.app.request('/api/auth/logout', jsonRequest('POST', undefined, other.token));
    const revoked = await me(other.token);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ error: expect.any(String) });
  });
});

describe('PUT /api/auth/language', () => {
  const setLanguage = (body: unknown, token?: string) => t.app.request('/api/auth/language', jsonRequest('PUT', body, token));

  it("keeps the person's language, which every device of theirs then reads from /me", async () => {
    const person = await registerThroughApi(t.app);
    const res = await setLanguage({ language: 'de' }, person.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: 'de' });
    const secondDevice = await registerThroughApi(t.app, { email: 'other-language@example.com' });
    expect((await (await me(person.token)).json()).language).toBe('de');
    // Another person's language stays their own.
    expect((await (await me(secondDevice.token)).json()).language).toBeNull();
    await setLanguage({ language: 'fr' }, person.token);
    expect((await (await me(person.token)).json()).language).toBe('fr');
  });

  it('refuses a language the app does not ship, and anyone signed out, changing nothing', async () => {
    const person = await registerThroughApi(t.app);
    await setLanguage({ language: 'es' }, person.token);
    const bad = await setLanguage({ language: 'xx' }, person.token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: expect.stringContaining('en, es, de, fr') });
    expect((await setLanguage({ language: 'de' })).status).toBe(401);
    expect((await (await me(person.token)).json()).language).toBe('es');
  });
});
