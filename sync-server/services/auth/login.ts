import type { AppDeps } from '../../context.js';
import { unauthorized } from '../../lib/http-error.js';
import { AUTH_MESSAGES, type AuthResponse, type LoginInput } from '../../../shared/schemas/auth.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { createSession, householdIdOf } from './sessions.js';

/**
 * Email and password to a new session. An unknown email and a wrong password fail alike (same
 * status, same text, and the same scrypt work), so the answer does not tell who has an account.
 */
export async function logIn(deps: Pick<AppDeps, 'db' | 'now'>, input: LoginInput): Promise<AuthResponse> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'password_hash'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  const ok = await verifyPassword(input.password, user?.password_hash ?? dummyPasswordHash());
  if (!user || !ok) throw unauthorized(AUTH_MESSAGES.badLogin);

  const now = deps.now();
  const changes: { last_active_at: number; password_hash?: string } = { last_active_at: now };
  // Raised cost parameters reach old accounts at their next login.
  if (needsRehash(user.password_hash)) changes.password_hash = await hashPassword(input.password);
  await deps.db.updateTable('users').set(changes).where('id', '=', user.id).execute();
  const token = await createSession(deps.db, user.id, now);
  return { token, userId: user.id, username: user.username, householdId: await householdIdOf(deps.db, user.id) };
}
