import { createMiddleware } from 'hono/factory';
import type { AppDeps, AuthedEnv } from '../context.js';
import { findSessionUser, type SessionUser } from '../services/auth/sessions.js';
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
export async function authenticate(deps: AppDeps, token: string | null): Promise<SessionUser> {
  if (!token) throw unauthorized('Please log in to continue.');
  const now = deps.now();
  const found = await findSessionUser(deps, token);
  if (!found) throw unauthorized('Your session has ended. Please log in again.');
  if (now - Number(found.user.last_active_at) > ACTIVITY_WRITE_INTERVAL_MS) {
    await deps.db.updateTable('users').set({ last_active_at: now }).where('id', '=', found.user.id).execute();
  }
  return found;
}

/** Bearer-token guard: 401 {error} unless the token names a live session. */
export function requireUser<E extends AuthedEnv = AuthedEnv>(deps: AppDeps) {
  return createMiddleware<E>(async (c, next) => {
    const { user, sessionHash, binding } = await authenticate(deps, bearerToken(c.req.header('authorization')));
    c.set('user', user);
    c.set('sessionHash', sessionHash);
    c.set('binding', binding);
    await next();
  });
}
