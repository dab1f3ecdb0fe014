import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import type { AuthResponse } from '../../../shared/schemas/auth.js';
import { PASSKEY_MESSAGES, type passkeySignInSchema } from '../../../shared/schemas/passkeys.js';
import type { AppDeps } from '../../context.js';
import { unauthorized } from '../../lib/http-error.js';
import { createSession, householdIdOf } from '../auth/sessions.js';
import { storeChallenge, takeChallenge } from './challenges.js';
import { relyingParty } from './relying-party.js';

// Signing in with a passkey instead of the password (issue 24). The browser offers the
// person's discoverable passkeys for this site; the answer names the credential, and its
// signature over our one-time challenge, from our origin, with the person verified, proves it.
// The session starts exactly as after a password login (the same answer).

type Deps = Pick<AppDeps, 'db' | 'now' | 'env'>;

export async function signInOptions(deps: Deps) {
  const { rpID } = relyingParty(deps.env);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
  await storeChallenge(deps, options.challenge, 'sign-in', null);
  return options;
}

export async function signInWithPasskey(deps: Deps, input: z.infer<typeof passkeySignInSchema>): Promise<AuthResponse> {
  const credential = input.credential;
  // The challenge goes first, whatever follows: an answer can be tried once.
  const challenge = await takeChallenge(deps, credential.response.clientDataJSON, 'sign-in', null);
  if (!challenge) throw unauthorized(PASSKEY_MESSAGES.challengeExpired);
  const passkey = await deps.db.selectFrom('passkeys').selectAll().where('id', '=', credential.id).executeTakeFirst();
  if (!passkey) throw unauthorized(PASSKEY_MESSAGES.unknownPasskey);
  const handle = credential.response.userHandle;
  if (handle && isoBase64URL.toUTF8String(handle) !== passkey.user_id) throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  const { rpID, origin } = relyingParty(deps.env);
  const storedCounter = Number(passkey.counter);
  // SimpleWebAuthn refuses a signature counter that did not grow (a cloned authenticator or a
  // replay), unless the authenticator keeps none (always 0, as synced passkeys do).
  const verification = await verifyAuthenticationResponse({
    response: credential as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter: storedCounter, transports: JSON.parse(passkey.transports) as never },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw unauthorized(PASSKEY_MESSAGES.signInFailed);

  const now = deps.now();
  // Conditional on the counter read above: of two answers racing with the same counter, one wins.
  const updated = await deps.db
    .updateTable('passkeys')
    .set({ counter: verification.authenticationInfo.newCounter, last_used_at: now, backed_up: verification.authenticationInfo.credentialBackedUp ? 1 : 0 })
    .where('id', '=', passkey.id)
    .where('counter', '=', storedCounter)
    .executeTakeFirst();
  if (storedCounter !== 0 && Number(updated.numUpdatedRows) === 0) throw unauthorized(PASSKEY_MESSAGES.signInFailed);
  const user = await deps.db.selectFrom('users').select(['id', 'username']).where('id', '=', passkey.user_id).executeTakeFirstOrThrow();
  await deps.db.updateTable('users').set({ last_active_at: now }).where('id', '=', user.id).execute();
  const token = await createSession(deps.db, user.id, now);
  return { token, userId: user.id, username: user.username, householdId: await householdIdOf(deps.db, user.id) };
}
