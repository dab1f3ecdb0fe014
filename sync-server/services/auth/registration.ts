import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import { conflict } from '../../lib/http-error.js';
import { createHousehold, defaultHouseholdName } from '../household/households.js';
import { AUTH_MESSAGES, type AuthResponse, type RegisterInput } from '../../../shared/schemas/auth.js';
import type { Captcha } from './captcha.js';
import { hashPassword } from './passwords.js';
import { assertStrongPassword } from './password-strength.js';
import { createSession } from './sessions.js';
import { asHouseholdId } from '../../db/schema.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages.js';

/**
 * Creates an account with its defaults (settings, Uncategorized) and a first session; its
 * household's name is in `language`, the one the registering app shows (its Accept-Language). The
 * captcha is spent first, so a failed attempt (say, a taken email) still needs a new one:
 * otherwise one solved captcha could probe many addresses.
 */
export async function registerUser(
  deps: Pick<AppDeps, 'db' | 'feed' | 'now'>,
  captcha: Captcha,
  input: RegisterInput,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AuthResponse> {
  assertStrongPassword(input.password, [input.email, input.username]); // before the captcha is spent
  await captcha.consume(input.tokenReCap);
  if (await emailTaken(deps, input.email)) throw conflict(AUTH_MESSAGES.emailTaken);

  // Hashed outside the transaction: ~0.5 s of scrypt must not hold the database's write lock.
  const passwordHash = await hashPassword(input.password);
  const userId = randomUUID();
  const now = deps.now();
  let token: string;
  try {
    token = await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id: userId,
          username: input.username,
          email: input.email,
          password_hash: passwordHash,
          stripe_customer_id: null,
          created_at: now,
          last_active_at: now,
        })
        .execute();
      // Its own household, with the account's id (as every account got in migration 0600).
      await createHousehold(trx, userId, defaultHouseholdName(input.username, language), now, asHouseholdId(userId));
      return createSession(trx, userId, now);
    });
  } catch (err) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.emailTaken);
    throw err;
  }
  // The account's own household has the account's id (createHousehold above).
  deps.feed.publish(asHouseholdId(userId), ['settings', 'lists']);
  return { token, userId, username: input.username, householdId: userId };
}

async function emailTaken(deps: Pick<AppDeps, 'db'>, email: string): Promise<boolean> {
  const row = await deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return row !== undefined;
}

/** SQLite's and PostgreSQL's codes for a unique constraint failure. */
function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
