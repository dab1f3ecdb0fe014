import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.js';
import { hashPassword } from './passwords.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * Emails a reset link when the account exists; answers the same either way. The mail is sent
 * without waiting for it, so the answer's timing does not tell either (a failure is logged).
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now' | 'log'>,
  email: string,
): Promise<string> {
  const user = await deps.db.selectFrom('users').select(['id', 'username']).where('email', '=', email).executeTakeFirst();
  if (user) {
    const token = newToken(); // 256 random bits; only the hash is stored
    const now = deps.now();
    await deps.db.deleteFrom('password_resets').where('user_id', '=', user.id).where('expires_at', '<=', now).execute();
    await deps.db
      .insertInto('password_resets')
      .values({ token_hash: hashToken(token), user_id: user.id, expires_at: now + RESET_TOKEN_TTL_MS, used_at: null })
      .execute();
    deps.mailer.send(resetMail(deps.env.APP_URL, email, user.username, token)).catch((err: unknown) => {
      deps.log(`error: password reset mail to ${email} failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
  return AUTH_MESSAGES.forgotSent;
}

function resetMail(appUrl: string, to: string, username: string, token: string) {
  const link = `${appUrl}/resetpassword/${token}`;
  const text = [
    `Hello ${username},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Toy Rotation account.',
    'Open this link to choose a new password:',
    '',
    link,
    '',
    'The link works once, for 30 minutes. If it does not open, copy it into another browser.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
    '',
    'Toy Rotation',
  ].join('\n');
  return { to, subject: 'Reset your Toy Rotation password', text };
}

/**
 * Sets a new password with a valid reset token. The token (and any other open link of the
 * account) is spent, and every session of the account ends: whoever knew the old password
 * is logged out everywhere.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'now'>,
  resetToken: string,
  password: string,
): Promise<string> {
  const tokenHash = hashToken(resetToken);
  const now = deps.now();
  const reset = await deps.db
    .selectFrom('password_resets')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!reset) throw badRequest(AUTH_MESSAGES.resetInvalid);

  const passwordHash = await hashPassword(password); // outside the transaction (slow)
  await deps.db.transaction().execute(async (trx) => {
    // Spend the token first; if a parallel request already did, this one changes nothing.
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) === 0) throw badRequest(AUTH_MESSAGES.resetInvalid);
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', '=', reset.user_id)
      .where('used_at', 'is', null)
      .execute();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', reset.user_id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', reset.user_id).execute();
  });
  return AUTH_MESSAGES.resetDone;
}
