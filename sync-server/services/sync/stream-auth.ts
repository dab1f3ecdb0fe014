import type { AppDeps } from '../../context.js';
import type { User } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';

/**
 * The browser's EventSource cannot send headers, so /api/sync/stream (and only it) also takes
 * the session token as ?token=. Same check as requireUser: a live session's user, or null.
 */
export async function userForToken(deps: AppDeps, token: string): Promise<{ user: User; sessionHash: string } | null> {
  const sessionHash = hashToken(token);
  const user = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', deps.now())
    .executeTakeFirst();
  return user ? { user, sessionHash } : null;
}
