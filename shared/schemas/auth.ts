import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { PASSWORD_MIN } from './auth-rules.js';

export { AUTH_MESSAGES, PASSWORD_MIN } from './auth-rules.js';

// Payloads of /api/auth (spec sections 3, 5 and 7). The client's forms use the same schemas,
// so a parent sees the server's rule before a round trip.

const PASSWORD_MAX = 128;
const USERNAME_MAX = 50;
/** Longest email we accept (spec section 9 allows 500 on the contact form; an address is at most 254). */
const EMAIL_MAX = 254;

/**
 * An email as the browser's `type="email"` input accepts it (the WHATWG pattern), trimmed and
 * lower-cased: accounts are found by the lower-cased address (the iOS recovery steps ask for it).
 */
export function emailField(max: number = EMAIL_MAX) {
  return z
    .string({ error: 'Email is required.' })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ pattern: z.regexes.html5Email, error: 'Please enter a valid email address.' })
        .max(max, `An email address can have at most ${max} characters.`),
    );
}

const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(PASSWORD_MIN, `The password needs at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters.`);

export const registerSchema = z.object({
  username: z
    .string({ error: 'Username is required.' })
    .trim()
    .min(1, 'Username is required.')
    .max(USERNAME_MAX, `A username can have at most ${USERNAME_MAX} characters.`),
  email: emailField(),
  password: passwordSchema,
  /** The ALTCHA widget's base64 payload (the field keeps the spec's reCAPTCHA-era name). */
  tokenReCap: z
    .string({ error: 'Please complete the captcha.' })
    .min(1, 'Please complete the captcha.')
    .max(4000, 'The captcha answer is not valid. Please solve it again.'),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField(),
  // No length rule beyond a sanity bound: rules here would only help someone guessing.
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(1024),
  /** A solved captcha, needed only after many failed logins for this account (the server says so). */
  tokenReCap: z.string().max(4000, 'The captcha answer is not valid. Please solve it again.').optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField() });

/** The reset link's path parameter (newToken(): 43 base64url characters). */
export const resetTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'This password reset link is not valid. Please ask for a new one.');

export const resetPasswordSchema = z.object({ password: passwordSchema });

/** Login and register answer this; the spec's client reads `token`, the offline client also the rest. */
export const authResponseSchema = z.object({
  token: z.string(),
  userId: z.string(),
  username: z.string(),
  /**
   * The household the token acts on (issue 13): the id of the settings document and of the
   * data scope. Always sent by this server; optional so answers from before it still parse.
   */
  householdId: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const renewResponseSchema = z.object({ token: z.string() });

/** Forgot and reset password answer a notice the client shows as it is. */
export const authNoticeSchema = z.object({ data: z.string().optional() });

/** GET /api/auth/me: whose token this is, so a client holding only a token can open that user's data. */
export const meResponseSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  /** The household the user belongs to now (issue 13). Always sent; optional as in authResponseSchema. */
  householdId: z.string().optional(),
  /**
   * The household this token acts on; null once the user left it or was removed (household
   * calls then answer 403 {household: 'left'}; POST /api/auth/renew gives a token for householdId).
   */
  sessionHouseholdId: z.string().nullable().optional(),
  /** The person's language (issue 24), synced to their devices; null until a device of theirs set it. Optional for older servers. */
  language: z.enum(LANGUAGES).nullable().optional(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PUT /api/auth/language: the person's language, for all their devices and their emails. */
export const languageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: `The language must be one of ${LANGUAGES.join(', ')}.` }),
});
export type LanguageBody = z.infer<typeof languageBodySchema>;

/** An ALTCHA challenge as GET /api/auth/captcha serves it (the widget's `challengeurl`). */
export const captchaChallengeSchema = z.object({
  algorithm: z.enum(['SHA-1', 'SHA-256', 'SHA-512']),
  challenge: z.string(),
  maxnumber: z.number().int().positive().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

