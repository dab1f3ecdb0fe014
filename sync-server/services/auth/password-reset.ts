import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/http-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.js';
import { hashPassword } from './passwords.js';
import { assertStrongPassword } from './password-strength.js';
import type { Language } from '../../../shared/languages.js';
import { emailLanguage, emailText } from '../../i18n/emails.js';
import type { Mail } from '../mailer.js';

export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

/**
 * Records the request and answers. Nothing here depends on whether the email has an account:
 * one insert either way, so the answer and its timing are the same (issue 10, item 4). The
 * lookup, the token and the mail happen afterwards, in processResetRequests.
 */
export async function requestPasswordReset(deps: Pick<AppDeps, 'db' | 'now'>, email: string, language: Language | null = null): Promise<string> {
  await deps.db.insertInto('reset_requests').values({ id: randomUUID(), email, created_at: deps.now(), processed_at: null, language }).execute();
  return AUTH_MESSAGES.forgotSent;
}

/**
 * Mails a link for each pending request whose email has an account, oldest first. Each row is
 * claimed before its mail is sent, so two runs never mail twice; a crash after the claim loses
 * that one mail (the parent asks again), never sends a duplicate. Returns the rows handled.
 */
export async function processResetRequests(deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now' | 'log'>): Promise<number> {
  let handled = 0;
  for (;;) {
    const pending = await deps.db
      .selectFrom('reset_requests')
      .select(['id', 'email', 'language'])
      .where('processed_at', 'is', null)
      .orderBy('created_at')
      .limit(20)
      .execute();
    if (pending.length === 0) return handled;
    for (const request of pending) {
      const now = deps.now();
      const claimed = await deps.db
        .updateTable('reset_requests')
        .set({ processed_at: now })
        .where('id', '=', request.id)
        .where('processed_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      handled++;
      const user = await deps.db.selectFrom('users').select(['id', 'language']).where('email', '=', request.email).executeTakeFirst();
      if (!user) continue;
      const token = newToken(); // 256 random bits; only the hash is stored
      await deps.db.deleteFrom('password_resets').where('user_id', '=', user.id).where('expires_at', '<=', now).execute();
      await deps.db
        .insertInto('password_resets')
        .values({ token_hash: hashToken(token), user_id: user.id, expires_at: now + RESET_TOKEN_TTL_MS, used_at: null })
        .execute();
      try {
        await deps.mailer.send(resetMail(deps.env.APP_URL, request.email, token, emailLanguage(user.language, request.language)));
      } catch (err) {
        deps.log(`error: a password reset mail could not be sent: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}

/**
 * Runs processResetRequests after each request (and once shortly after start, for requests a
 * crash left behind), one run at a time.
 */
export function createResetMailer(deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now' | 'log'>) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    try {
      do {
        again = false;
        await processResetRequests(deps);
      } while (again);
    } catch (err) {
      deps.log(`error: password reset requests: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      running = null;
    }
  };
  const kick = () => {
    if (running) again = true;
    else running = run();
  };
  setTimeout(kick, 1000).unref();
  return {
    /** Starts processing after the current answer has gone out. */
    kick: () => void setImmediate(kick),
    /** Resolves once the current run is done (tests). */
    idle: async () => {
      while (running) await running;
    },
  };
}

// No username in the mail: anyone can register someone else's address with a "name" such as
// "Urgent: call +1 555 0100", and it would arrive in the owner's inbox from us.
// In the account's language; for an account that has none yet, the asking request's.
function resetMail(appUrl: string, to: string, token: string, language: Language): Mail {
  const t = emailText(language);
  const link = `${appUrl}/resetpassword/${token}`;
  const text = [t('reset.hello'), '', t('reset.asked'), t('reset.open'), '', link, '', t('reset.works'), t('reset.ignore'), '', t('reset.signature')].join('\n');
  return { to, subject: t('reset.subject'), text, language };
}

/**
 * Sets a new password with a valid reset token. The token (and any other open link of the
 * account) is spent, and every session of the account ends: whoever knew the old password
 * is logged out everywhere.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'feed' | 'now'>,
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
  const owner = await deps.db.selectFrom('users').select(['email', 'username']).where('id', '=', reset.user_id).executeTakeFirst();
  assertStrongPassword(password, owner ? [owner.email, owner.username] : []); // a refusal spends nothing

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
  deps.feed.sessionsEnded(reset.user_id); // their live streams close too
  return AUTH_MESSAGES.resetDone;
}
