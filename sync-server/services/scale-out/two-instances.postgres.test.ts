import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.js';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { cheapPasswordHash, solveCaptcha } from '../../test-support/register.js';
import { seedUser } from '../../test-support/users.js';
import { TEST_POSTGRES_URL } from '../../test-support/test-database.js';
import { createSession } from '../auth/sessions.js';
import { RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../rate-limit.js';
import { runScheduledCleanup } from '../scheduled-jobs.js';
import type { ChangeEvent } from '../change-feed.js';
import { toyDoc } from '../../test-support/docs.js';
import { postgresPool } from '../../db/database.js';
import { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS } from '../../routes/sync.js';
import { closeStream, endsWithin, openStream } from '../../test-support/live-stream.js';
import { SLOT_TTL_MS } from './live-streams.js';
import { asHouseholdId } from '../../db/schema.js';

// Two server instances on one PostgreSQL database: what one instance kept in its memory
// (the change feed, rate limits) must now reach the other. (PostgreSQL only: on SQLite one
// process is the whole server.)

let one: TestApp;
let two: TestApp;
beforeEach(async () => {
  one = await createTestApp({ CAPTCHA_SECRET: 'shared-captcha-secret-key' });
  two = await createTestApp({ CAPTCHA_SECRET: 'shared-captcha-secret-key' }, { sameDatabaseAs: one });
});
afterEach(async () => {
  await two.close();
  await one.close();
});

const toy = (id: string, title = 'Blocks') => toyDoc(id, { title });

function nextEvent(t: TestApp, userId: string, timeoutMs = 5000): Promise<ChangeEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no change event for ${userId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = t.deps.feed.subscribe(asHouseholdId(userId), (event) => {
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

describe('the change feed across instances', () => {
  it('brings a push on instance 1 to a live stream on instance 2, with ids and collection names only', async () => {
    const user = await seedUser(one.deps);
    const controller = new AbortController();
    const res = await two.app.request('/api/sync/stream', { headers: { authorization: `Bearer ${user.token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain(': connected');
    const push = await one.app.request('/api/sync/toys/push', jsonRequest('POST', [{ newDocumentState: toy('a') }], user.token));
    expect(push.status).toBe(200);
    while (!text.includes('event: change')) text += decoder.decode((await reader.read()).value);
    expect(text).toContain('data: {"collections":["toys"]}');
    await reader.cancel();
    controller.abort();
  });

  it('delivers an event once on the instance that published it (not again through the database)', async () => {
    const user = await seedUser(one.deps);
    const seen: ChangeEvent[] = [];
    const stop = one.deps.feed.subscribe(asHouseholdId(user.userId), (event) => seen.push(event));
    const onTwo = nextEvent(two, user.userId);
    one.deps.feed.publish(asHouseholdId(user.userId), ['lists']);
    expect(await onTwo).toEqual({ kind: 'change', userId: user.userId, collections: ['lists'] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop();
    expect(seen).toEqual([{ kind: 'change', userId: user.userId, collections: ['lists'] }]);
  });

  it('reaches instance 2 within 250 ms at the 95th percentile', async () => {
    const user = await seedUser(one.deps);
    const latencies: number[] = [];
    for (let i = 0; i < 20; i++) {
      const arrived = nextEvent(two, user.userId);
      const start = performance.now();
      const res = await one.app.request('/api/sync/toys/push', jsonRequest('POST', [{ newDocumentState: toy(`t${i}`) }], user.token));
      expect(res.status).toBe(200);
      await arrived;
      latencies.push(performance.now() - start);
    }
    latencies.sort((a, b) => a - b);
    expect(latencies[Math.ceil(latencies.length * 0.95) - 1]).toBeLessThan(250);
  });

  it('reconnects after losing its connection, and makes every open stream resync', async () => {
    const user = await seedUser(one.deps);
    const pid = two.relay!.listenerPid();
    expect(pid).toBeGreaterThan(0);
    const resync = nextEvent(two, user.userId, 10_000);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
    // Notifications sent while it was away are lost: it tells the streams to pull everything.
    expect((await resync).collections).toEqual(['toys', 'lists', 'settings', 'rotations']);
    await expect.poll(() => two.relay!.listenerPid(), { timeout: 10_000 }).not.toBe(pid);
    const later = nextEvent(two, user.userId);
    one.deps.feed.publish(asHouseholdId(user.userId), ['settings']);
    expect(await later).toEqual({ kind: 'change', userId: user.userId, collections: ['settings'] });
  });

  it('sends an event again when its NOTIFY failed, so instance 2 still hears of it', async () => {
    const user = await seedUser(one.deps);
    // The next query through instance 1's pool (the NOTIFY) fails as with a database restart.
    const failOnce = vi.spyOn(postgresPool(one.db)!, 'query').mockImplementationOnce((() => Promise.reject(new Error('Connection terminated unexpectedly'))) as never);
    const onTwo = nextEvent(two, user.userId);
    one.deps.feed.publish(asHouseholdId(user.userId), ['rotations']);
    expect(await onTwo).toEqual({ kind: 'change', userId: user.userId, collections: ['rotations'] });
    expect(failOnce).toHaveBeenCalledTimes(2); // the failed send, and the one that got through
    failOnce.mockRestore();
  });
});

describe('live streams over both instances', () => {
  const streamOn = (t: TestApp, token: string) => t.app.request('/api/sync/stream', jsonRequest('GET', undefined, token));

  it(`counts an account's streams on both: ${MAX_STREAMS_PER_USER} on one, the next on the other is refused until one closes`, async () => {
    const user = await seedUser(one.deps);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(one, user.token));
    const refused = await streamOn(two, user.token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: TOO_MANY_STREAMS });
    closeStream(streams.pop()!);
    const controller = new AbortController();
    await expect
      .poll(async () => (await two.app.request('/api/sync/stream', { ...jsonRequest('GET', undefined, user.token), signal: controller.signal })).status, { timeout: 5000 })
      .toBe(200);
    controller.abort();
    for (const open of streams) closeStream(open);
  });

  it('frees the slots of an instance that stopped keeping them (one that crashed) once they run out', async () => {
    const user = await seedUser(one.deps);
    // Streams on instance 1 whose heartbeats (25 s apart) do not come within the test: as if it had died.
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(one, user.token));
    // Time passes for the slots (expiry is the database's clock, not an instance's, so their
    // expiry moves back instead of a clock moving on).
    const age = (ms: number) => one.db.updateTable('live_streams').set((eb) => ({ expires_at: eb('expires_at', '-', ms) })).where('user_id', '=', user.userId).execute();
    await age(SLOT_TTL_MS - 5000);
    expect((await streamOn(two, user.token)).status).toBe(429);
    await age(5000);
    const taken = await openStream(two, user.token);
    for (const open of [...streams, taken]) closeStream(open);
  });

  it('closes the stream of a session logged out through the other instance within a second, and only that one', async () => {
    const user = await seedUser(one.deps);
    const mine = await openStream(two, user.token);
    // Another device's login (a renewed token of this one would end with it: decision 010).
    const otherDevice = await openStream(two, await createSession(one.db, user.userId, one.deps.now()));
    expect((await one.app.request('/api/auth/logout', jsonRequest('POST', undefined, user.token))).status).toBe(200);
    expect(await endsWithin(mine, 1000)).toBe(true);
    expect(await endsWithin(otherDevice, 300)).toBe(false);
    closeStream(otherDevice);
  });

  it('tells the other instances that a session ended by the user id alone (never which session)', async () => {
    const user = await seedUser(one.deps);
    const listener = new pg.Client({ connectionString: one.database.databaseUrl });
    await listener.connect();
    try {
      const heard = new Promise<string>((resolve) => listener.on('notification', (message) => resolve(message.payload ?? '')));
      await listener.query(`listen "${one.relay!.channel}"`);
      expect((await one.app.request('/api/auth/logout', jsonRequest('POST', undefined, user.token))).status).toBe(200);
      expect(JSON.parse(await heard)).toEqual({ o: one.deps.instanceId, e: { kind: 'sessions-ended', userId: user.userId } });
    } finally {
      await listener.end();
    }
  });
});

describe('state shared through the database', () => {
  const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

  it(`counts failed logins over both instances: the ${RATE_LIMITS.loginAttemptsPerIpAndEmail.points + 1}th is refused on either`, async () => {
    const { email, userId } = await seedUser(one.deps);
    await one.db.updateTable('users').set({ password_hash: cheapPasswordHash('the right one') }).where('id', '=', userId).execute();
    const attempts = RATE_LIMITS.loginAttemptsPerIpAndEmail.points;
    for (let i = 0; i < attempts; i++) {
      const instance = i % 2 === 0 ? one : two;
      const res = await instance.app.request('/api/auth/login', jsonRequest('POST', { email, password: 'guess' }), from('192.0.2.7'));
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: AUTH_MESSAGES.badLogin });
    }
    for (const instance of [one, two]) {
      const res = await instance.app.request('/api/auth/login', jsonRequest('POST', { email, password: 'the right one' }), from('192.0.2.7'));
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
    }
  });

  it('accepts a captcha solved from one instance once, on either', async () => {
    const tokenReCap = await solveCaptcha(one.app);
    const register = (instance: TestApp, email: string) =>
      instance.app.request('/api/auth/register', jsonRequest('POST', { username: 'P', email, password: 'correct horse battery', tokenReCap }));
    expect((await register(two, 'first@example.com')).status).toBe(200);
    const replay = await register(one, 'second@example.com');
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ error: AUTH_MESSAGES.captchaReused });
  });

  it('runs the daily cleanup on exactly one instance when both timers fire together', async () => {
    const ran = await Promise.all([runScheduledCleanup(one.deps), runScheduledCleanup(two.deps), runScheduledCleanup(one.deps)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
  });
});
