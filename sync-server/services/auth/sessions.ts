import type { DB } from '../../db/database.js';
import type { User } from '../../db/schema.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { sessionExpiresAt } from '../../../shared/domain/session.js';

/**
 * After a renewal the old token keeps working this long (never past its own end), rather than
 * dying at once: other tabs and requests already in flight still carry it, and a hard revoke
 * would log them out. One minute is plenty for them to pick up the new token.
 */
export const RENEW_GRACE_MS = 60 * 1000;

/** The user of a live session (by bearer token), or null for an unknown or ended one. */
export async function findSessionUser(db: DB, token: string, now: number): Promise<{ user: User; sessionHash: string } | null> {
  const sessionHash = hashToken(token);
  const user = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  return user ? { user, sessionHash } : null;
}

/**
 * Opens a session for the user; the token is returned once and only its hash is stored.
 * The user's ended sessions are dropped on the way (an indexed delete), so renewals every two
 * hours do not pile up rows between runs of the daily cleanup.
 */
export async function createSession(db: DB, userId: string, now: number): Promise<string> {
  const token = newToken();
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: sessionExpiresAt(now) })
    .execute();
  return token;
}

/** A fresh full-length session for the holder of a live one; the old one winds down (see RENEW_GRACE_MS). */
export async function renewSession(db: DB, userId: string, oldTokenHash: string, now: number): Promise<string> {
  const token = await createSession(db, userId, now);
  await db
    .updateTable('sessions')
    .set({ expires_at: now + RENEW_GRACE_MS })
    .where('token_hash', '=', oldTokenHash)
    .where('expires_at', '>', now + RENEW_GRACE_MS)
    .execute();
  return token;
}

export async function revokeSession(db: DB, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Sessions past their end are useless (requireUser ignores them); the daily job may drop them. */
export async function purgeExpiredSessions(db: DB, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
