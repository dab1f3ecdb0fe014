import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Payload } from 'altcha-lib/types';
import type { AppDeps } from '../../context.js';
import type { Env } from '../../env.js';
import { badRequest } from '../../lib/http-error.js';
import { AUTH_MESSAGES, type CaptchaChallenge } from '../../../shared/schemas/auth.js';

// Self-hosted ALTCHA (design.md, "Deliberate departures"): a proof-of-work challenge signed
// with our HMAC key. The widget solves it and sends the payload as `tokenReCap`; we check the
// signature and the expiry, then record the signature so each payload works once.

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/**
 * Work per challenge: the widget tries on average half of this many SHA-256 hashes, well
 * under a second on a phone. The limiter, not this, is what really stops scripted sign-ups.
 */
const CAPTCHA_MAX_NUMBER = 100_000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;
export const CAPTCHA_SECRET_FILE = 'captcha-secret';

/**
 * CAPTCHA_SECRET, or a key generated once and kept in DATA_DIR so challenges survive a restart.
 * (Several server instances must share CAPTCHA_SECRET: each would otherwise make its own key.)
 */
export function loadCaptchaKey(env: Pick<Env, 'CAPTCHA_SECRET' | 'DATA_DIR'>): string {
  if (env.CAPTCHA_SECRET) return env.CAPTCHA_SECRET;
  const file = path.join(env.DATA_DIR, CAPTCHA_SECRET_FILE);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} is damaged: delete it (a new key is made) or set CAPTCHA_SECRET.`);
  return key;
}

export type Captcha = {
  /** A fresh signed challenge, valid for CAPTCHA_TTL_MS. */
  challenge(): Promise<CaptchaChallenge>;
  /** Checks a solved payload and marks it used; a bad, expired or reused one throws a 400. */
  consume(tokenReCap: string): Promise<void>;
};

export function createCaptcha(deps: Pick<AppDeps, 'env' | 'db' | 'now'>): Captcha {
  const hmacKey = loadCaptchaKey(deps.env);
  let lastPurge = 0;

  async function purgeNowAndThen(now: number) {
    if (now - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now;
    await deps.db.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
  }

  return {
    async challenge() {
      const challenge = await createChallenge({
        hmacKey,
        algorithm: 'SHA-256',
        maxnumber: CAPTCHA_MAX_NUMBER,
        expires: new Date(deps.now() + CAPTCHA_TTL_MS),
      });
      return { ...challenge, maxnumber: challenge.maxnumber ?? CAPTCHA_MAX_NUMBER };
    },

    async consume(tokenReCap) {
      const now = deps.now();
      const payload = decode(tokenReCap);
      // Expiry is checked here against the injected clock rather than inside altcha-lib.
      const expiresAt = payload ? Number(extractParams(payload).expires) * 1000 : NaN;
      const valid =
        payload !== null &&
        Number.isFinite(expiresAt) &&
        expiresAt > now &&
        (await verifySolution(payload, hmacKey, false).catch(() => false));
      if (!valid) throw badRequest(AUTH_MESSAGES.captchaInvalid);

      await purgeNowAndThen(now);
      const result = await deps.db
        .insertInto('captcha_uses')
        .values({ signature: payload.signature, expires_at: expiresAt })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw badRequest(AUTH_MESSAGES.captchaReused);
    },
  };
}

/** The widget's payload: base64 of JSON {algorithm, challenge, number, salt, signature, ...}. */
function decode(tokenReCap: string): Payload | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(tokenReCap, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const p = value as Record<string, unknown>;
    const ok =
      p.algorithm === 'SHA-256' &&
      typeof p.challenge === 'string' &&
      typeof p.salt === 'string' &&
      typeof p.signature === 'string' &&
      typeof p.number === 'number' &&
      Number.isInteger(p.number);
    return ok ? (p as unknown as Payload) : null;
  } catch {
    return null;
  }
}
