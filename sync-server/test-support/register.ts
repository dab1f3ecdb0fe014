import { createHash, randomBytes, randomUUID, scryptSync } from 'node:crypto';
import type { App } from '../app.js';
import type { CaptchaChallenge } from '../../shared/schemas/auth.js';
import { jsonRequest } from './test-app.js';

export const TEST_PASSWORD = 'correct horse battery';

/**
 * Fetches a captcha from the app and solves it like the ALTCHA widget does, returning the
 * widget's base64 payload for `tokenReCap`. The search uses node's synchronous SHA-256, the
 * same hash as altcha-lib's solveChallenge but ~10x faster than its WebCrypto loop, so a
 * registration in a test costs ~0.1 s of captcha instead of ~2 s.
 */
export async function solveCaptcha(app: App): Promise<string> {
  const res = await app.request('/api/auth/captcha');
  if (res.status !== 200) throw new Error(`captcha: ${res.status} ${await res.text()}`);
  const challenge = (await res.json()) as CaptchaChallenge;
  const max = challenge.maxnumber ?? 1_000_000;
  for (let number = 0; number <= max; number++) {
    const hash = createHash('sha256').update(challenge.salt + number).digest('hex');
    if (hash === challenge.challenge) {
      const payload = { ...challenge, number, took: 1 };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('captcha: no solution found');
}

export type Registered = { token: string; userId: string; email: string; password: string; username: string };

/**
 * Registers a new account through the real API (captcha, scrypt and all) and returns its
 * session. Each call costs ~0.7 s of scrypt: reuse users within a test file where you can.
 * (One app allows 30 registrations an hour from one address; in-process requests share one.)
 */
export async function registerThroughApi(
  app: App,
  options: { email?: string; password?: string; username?: string } = {},
): Promise<Registered> {
  const email = options.email ?? `parent-${randomUUID().slice(0, 8)}@example.com`;
  const password = options.password ?? TEST_PASSWORD;
  const username = options.username ?? 'Parent';
  const tokenReCap = await solveCaptcha(app);
  const res = await app.request('/api/auth/register', jsonRequest('POST', { username, email, password, tokenReCap }));
  if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; userId: string };
  return { token: body.token, userId: body.userId, email: email.trim().toLowerCase(), password, username };
}

/**
 * A valid stored hash at a tiny cost (N = 2^10), for tests about something other than hashing
 * (rate limits, rehashing). verifyPassword reads the cost from the string, so it checks in ~1 ms.
 */
export function cheapPasswordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}
