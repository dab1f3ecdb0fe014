import { z } from 'zod';

// Passkeys (WebAuthn, issue 24): what the browser sends back from navigator.credentials
// (SimpleWebAuthn's JSON forms of the credentials) and what the server answers.

const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

export const PASSKEY_NAME_MAX = 60;

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** startRegistration()'s answer, and a name for the passkey. */
export const addPasskeySchema = z.object({
  name: z.string().trim().max(PASSKEY_NAME_MAX, `A passkey name can have at most ${PASSKEY_NAME_MAX} characters.`).optional(),
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(10_000),
      attestationObject: base64url(50_000),
      transports: z.array(z.string().max(30)).max(10).optional(),
      authenticatorData: base64url(50_000).optional(),
      publicKey: base64url(2_000).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
    }),
  }),
});

/** startAuthentication()'s answer. */
export const passkeySignInSchema = z.object({
  credential: z.object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(10_000),
      authenticatorData: base64url(50_000),
      signature: base64url(2_000),
      userHandle: base64url(200).optional(),
    }),
  }),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by the platform (e.g. a phone's password manager), so it survives losing the device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/** The options for navigator.credentials (PublicKeyCredential*OptionsJSON), given to SimpleWebAuthn's browser half as they are. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const PASSKEY_MESSAGES = {
  signInFailed: 'This passkey could not sign you in. Try again, or log in with your email and password.',
  unknownPasskey: 'This passkey is not known here: it may have been removed. Log in with your email and password.',
  addFailed: 'The passkey could not be added. Please try again.',
  challengeExpired: 'This passkey request has expired or was already used. Please try again.',
  removed: 'The passkey was removed.',
  notFound: 'No such passkey.',
  tooMany: 'You can have at most 20 passkeys. Remove one first.',
} as const;
