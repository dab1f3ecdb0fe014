import { createMiddleware } from 'hono/factory';
import type { AppDeps, AuthedEnv } from '../context.js';
import { unauthorized } from './http-error.js';
import { hashToken } from './tokens.js';

const ACTIVITY_WRITE_INTERVAL_MS = 60 * 60 * 1000; // last_active_at only feeds the yearly cleanup

/** Bearer-token guard: 401 {error} unless the token names a live session. */
export function requireUser(deps: AppDeps) {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Please log in to continue.');
    const sessionHash = hashToken(match[1]);
    const now = deps.now();
    const user = await deps.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.token_hash', '=', sessionHash)
      .where('sessions.expires_at', '>', now)
      .executeTakeFirst();
    if (!user) throw unauthorized('Your session has ended. Please log in again.');
    if (now - Number(user.last_active_at) > ACTIVITY_WRITE_INTERVAL_MS) {
      await deps.db.updateTable('users').set({ last_active_at: now }).where('id', '=', user.id).execute();
    }
    c.set('user', user);
    c.set('sessionHash', sessionHash);
    await next();
  });
}
