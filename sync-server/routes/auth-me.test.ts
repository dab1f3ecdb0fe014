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
    expect(body).toEqual({ userId: parent.userId, username: 'Ada', email: 'me.parent@example.com', householdId: parent.userId, sessionHouseholdId: parent.userId });
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
