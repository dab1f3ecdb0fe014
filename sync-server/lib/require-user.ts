import { createMiddleware } from 'hono/factory';
import type { AppDeps, AuthedEnv } from '../context.js';
import type { User } from '../db/schema.js';
import { findSessionUser } from '../services/auth/sessions.js';
import { unauthorized } from './http-error.js';

const ACTIVITY_WRITE_INTERVAL_MS = 60 * 60 * 1000; // last_active_at only feeds the yearly cleanup

/** The bearer token of an Authorization header, if there is one. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? null;
}

/**
 * The user of a live session, or a 401 {error}. Counts as activity for the yearly deletion of
 * inactive accounts (written at most hourly, so requests stay read-only on the hot path).
 */
export async function authenticate(deps: AppDeps, token: string | null): Promise<{ user: User; sessionHash: string }> {
  if (!token) throw unauthorized('Please log in to continue.');
  const now = deps.now();
  const found = await findSessionUser(deps.db, token, now);
  if (!found) throw unauthorized('Your session has ended. Please log in again.');
  if (now - Number(found.user.last_active_at) > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.db.updateTable('users').set({ last_active_at: now }).where('id', '=', found.user.id).execute();
  }
  return found;
}

/** Bearer-token guard: 401 {error} unless the token names a live session. */
export function requireUser(deps: AppDeps) {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    const { user, sessionHash } = await authenticate(deps, bearerToken(c.req.header('authorization')));
    c.set('user', user);
    c.set('sessionHash', sessionHash);
    await next();
  });
}
