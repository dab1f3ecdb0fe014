import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../../shared/domain/session.js';
import { hashToken } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { createSession, endLogin, purgeExpiredSessions, RENEW_GRACE_MS, renewSession } from './sessions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const row = (token: string) => t.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
const countFor = async (userId: string) => (await t.db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).execute()).length;

describe('sessions', () => {
  it('store only a hash of a 256-bit token, for the spec\'s lifetime', async () => {
    const { userId } = await seedUser(t.deps);
    const token = await createSession(t.db, userId, 1_000);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await t.db.selectFrom('sessions').where('token_hash', '=', token).selectAll().executeTakeFirst()).toBeUndefined();
    expect(await row(token)).toMatchObject({ user_id: userId, created_at: 1_000, expires_at: 1_000 + SESSION_LIFETIME_MS });
  });

  it('renewal shortens the old session to the grace period, never lengthens it', async () => {
    const { userId } = await seedUser(t.deps);
    const old = await createSession(t.db, userId, 0);
    const fresh = await renewSession({ db: t.db, now: () => 10_000 }, userId, hashToken(old));
    expect((await row(old))?.expires_at).toBe(10_000 + RENEW_GRACE_MS);
    expect((await row(fresh))?.expires_at).toBe(10_000 + SESSION_LIFETIME_MS);
    const nearlyOver = await createSession(t.db, userId, 0);
    await renewSession({ db: t.db, now: () => SESSION_LIFETIME_MS - 1_000 }, userId, hashToken(nearlyOver));
    expect((await row(nearlyOver))?.expires_at).toBe(SESSION_LIFETIME_MS);
  });

  it('a new session clears the user\'s ended ones; revoke and purge delete', async () => {
    const { userId } = await seedUser(t.deps);
    const ended = await createSession(t.db, userId, 0);
    const later = SESSION_LIFETIME_MS + 1;
    const current = await createSession(t.db, userId, later);
    expect(await row(ended)).toBeUndefined();
    expect(await endLogin(t.deps, userId, hashToken(current))).toEqual([hashToken(current)]);
    expect(await row(current)).toBeUndefined();
    expect(await countFor(userId)).toBe(1); // the seeded, still-live session is untouched

    const { userId: other } = await seedUser(t.deps);
    await createSession(t.db, other, 0);
    await purgeExpiredSessions(t.db, t.deps.now() + 2 * SESSION_LIFETIME_MS);
    expect(await countFor(other)).toBe(0);
  });
});
