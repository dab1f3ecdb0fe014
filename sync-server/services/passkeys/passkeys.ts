import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { z } from 'zod';
import { PASSKEY_MESSAGES, type addPasskeySchema, type Passkey } from '../../../shared/schemas/passkeys.js';
import type { AppDeps } from '../../context.js';
import type { User } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { isoDate } from '../toys/toy-mapper.js';
import { storeChallenge, takeChallenge } from './challenges.js';
import { relyingParty } from './relying-party.js';

// A person's passkeys (issue 24): added after signing in, listed and removed in Settings.
// SimpleWebAuthn does the WebAuthn checks; we keep the credentials and one-time challenges.

const PASSKEYS_PER_PERSON = 20;

type Deps = Pick<AppDeps, 'db' | 'now' | 'env'>;

/** The WebAuthn user handle: the user id's bytes, so a passkey sign-in names its account. */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

/** Options for navigator.credentials.create(): a discoverable credential, verified user, none of the person's existing ones. */
export async function registrationOptions(deps: Deps, user: Pick<User, 'id' | 'email' | 'username'>) {
  const existing = await deps.db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', user.id).execute();
  const { rpName, rpID } = relyingParty(deps.env);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.username,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
    // A passkey replaces the password, so it must be found without an email (resident) and
    // unlock with the person's PIN or biometrics (user verification).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps, options.challenge, 'register', user.id);
  return options;
}

/** Checks the new credential against the challenge handed to this person and keeps it. */
export async function addPasskey(deps: Deps, userId: string, input: z.infer<typeof addPasskeySchema>): Promise<Passkey> {
  const count = await deps.db.selectFrom('passkeys').select(({ fn }) => fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  if (Number(count.n) >= PASSKEYS_PER_PERSON) throw forbidden(PASSKEY_MESSAGES.tooMany);
  const challenge = await takeChallenge(deps, input.credential.response.clientDataJSON, 'register', userId);
  if (!challenge) throw badRequest(PASSKEY_MESSAGES.challengeExpired);
  const { rpID, origin } = relyingParty(deps.env);
  const verification = await verifyRegistrationResponse({
    response: input.credential as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(PASSKEY_MESSAGES.addFailed);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const now = deps.now();
  const row = {
    id: credential.id,
    user_id: userId,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    backed_up: credentialBackedUp ? 1 : 0,
    name: input.name || `Passkey added ${isoDate(now).slice(0, 10)}`,
    created_at: now,
    last_used_at: null,
  };
  // excludeCredentials keeps an authenticator from registering twice; a credential id is unique anyway.
  const inserted = await deps.db.insertInto('passkeys').values(row).onConflict((oc) => oc.column('id').doNothing()).executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw badRequest(PASSKEY_MESSAGES.addFailed);
  return toPasskey(row);
}

export async function listPasskeys(deps: Pick<AppDeps, 'db'>, userId: string): Promise<Passkey[]> {
  const rows = await deps.db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPasskey);
}

/** Removes one of the person's passkeys; it can no longer sign in. */
export async function removePasskey(deps: Pick<AppDeps, 'db'>, userId: string, id: string): Promise<void> {
  const result = await deps.db.deleteFrom('passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(PASSKEY_MESSAGES.notFound);
}

function toPasskey(row: { id: string; name: string; created_at: number; last_used_at: number | null; backed_up: number }): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: isoDate(Number(row.created_at)),
    lastUsedAt: row.last_used_at === null ? null : isoDate(Number(row.last_used_at)),
    backedUp: Number(row.backed_up) === 1,
  };
}
