import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppDeps } from '../../context.js';

// One-time WebAuthn challenges: stored when the options are handed out, and taken (deleted)
// by the first answer that carries them, before its signature is even checked. A replayed
// answer finds its challenge gone; an expired one is refused too.

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

type Purpose = 'register' | 'sign-in';

export async function storeChallenge(deps: Pick<AppDeps, 'db' | 'now'>, challenge: string, purpose: Purpose, userId: string | null): Promise<void> {
  const now = deps.now();
  await deps.db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await deps.db.insertInto('passkey_challenges').values({ challenge, purpose, user_id: userId, expires_at: now + CHALLENGE_TTL_MS }).execute();
}

/** The challenge inside a credential's clientDataJSON, taken if it is live, ours for this purpose (and person); else null. */
export async function takeChallenge(
  deps: Pick<AppDeps, 'db' | 'now'>,
  clientDataJSON: string,
  purpose: Purpose,
  userId: string | null,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  let query = deps.db
    .deleteFrom('passkey_challenges')
    .where('challenge', '=', challenge)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', deps.now());
  query = userId === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', userId);
  const taken = await query.returning('challenge').executeTakeFirst();
  return taken ? challenge : null;
}

function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}
