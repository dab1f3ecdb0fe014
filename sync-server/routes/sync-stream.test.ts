import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processResetRequests } from '../services/auth/password-reset.js';
import { createSession } from '../services/auth/sessions.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { closeStream, endsWithin, openStream } from '../test-support/live-stream.js';
import { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS } from './sync.js';

// Issue 10, item 6: a live stream must not outlive its session; item 5: a handful per user.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('live stream and sessions', () => {
  it('closes within a second of logout every stream of that login, tokens it renewed from included; another device\'s stays', async () => {
    const user = await seedUser(t.deps);
    const beforeRenewal = await openStream(t, user.token); // opened before the token was renewed
    const renewed = (await (await t.app.request('/api/auth/renew', jsonRequest('POST', undefined, user.token))).json()) as { token: string };
    const renewedAgain = (await (await t.app.request('/api/auth/renew', jsonRequest('POST', undefined, renewed.token))).json()) as { token: string };
    const current = await openStream(t, renewedAgain.token);
    const otherDevice = await openStream(t, await createSession(t.db, user.userId, t.deps.now()));
    const logout = await t.app.request('/api/auth/logout', jsonRequest('POST', undefined, renewedAgain.token));
    expect(logout.status).toBe(200);
    expect(await endsWithin(current, 1000)).toBe(true);
    expect(await endsWithin(beforeRenewal, 1000)).toBe(true); // its token had a grace minute left
    for (const token of [user.token, renewed.token, renewedAgain.token]) {
      expect((await t.app.request('/api/auth/me', jsonRequest('GET', undefined, token))).status).toBe(401);
    }
    expect(await endsWithin(otherDevice, 200)).toBe(false);
    closeStream(otherDevice);
  });

  it('closes every stream of the account after a password reset', async () => {
    const user = await seedUser(t.deps);
    const open = await openStream(t, user.token);
    await t.app.request('/api/auth/forgotpassword', jsonRequest('POST', { email: user.email }));
    await processResetRequests(t.deps);
    const mail = await t.mailTo(user.email); // the server's own reset mailer may have sent it
    const resetToken = /resetpassword\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const res = await t.app.request(`/api/auth/resetpassword/${resetToken}`, jsonRequest('PUT', { password: 'a brand new passphrase' }));
    expect(res.status).toBe(200);
    expect(await endsWithin(open, 1000)).toBe(true);
  });

  it('closes every stream of the account when it is deleted', async () => {
    const user = await seedUser(t.deps);
    const open = await openStream(t, user.token);
    const res = await t.app.request('/api/private/deleteUser', jsonRequest('POST', undefined, user.token));
    expect(res.status).toBe(200);
    expect(await endsWithin(open, 1000)).toBe(true);
  });

  it(`accepts ${MAX_STREAMS_PER_USER} streams per account, then answers 429 until one closes`, async () => {
    const user = await seedUser(t.deps);
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_USER }, () => openStream(t, user.token)));
    const refused = await t.app.request('/api/sync/stream', jsonRequest('GET', undefined, user.token));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY_STREAMS });
    // Another account is not affected.
    const other = await seedUser(t.deps);
    const theirs = await openStream(t, other.token);
    closeStream(theirs);
    closeStream(streams.pop()!);
    // Its slot comes back once the server's side of the stream has ended.
    const controller = new AbortController();
    const retry = () => t.app.request('/api/sync/stream', { ...jsonRequest('GET', undefined, user.token), signal: controller.signal });
    await expect.poll(async () => (await retry()).status, { timeout: 5000 }).toBe(200);
    controller.abort();
    for (const open of streams) closeStream(open);
  });
});
