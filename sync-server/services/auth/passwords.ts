import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { passwordHashing } from './hashing-pool.js';

// Passwords are hashed with scrypt at N = 2^17, r = 8, p = 1 (issue 2; OWASP's scrypt
// recommendation). The stored string names its own parameters,
// `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (base64url), so the cost can be raised later:
// old hashes still verify, and needsRehash() tells login to upgrade them.

const LOG2_N = 17;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;

type Params = { log2N: number; r: number; p: number };
let CURRENT: Params = { log2N: LOG2_N, r: BLOCK_SIZE, p: PARALLELISM };

/**
 * A hash of a random password with the current parameters. Checking against it when an email is
 * unknown makes a failed login take as long as a wrong password for a real account.
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$17$8$1$s5FnXFJ6EMb3mU6lhSEqjA$LzugZf5lWkw_12vCiRwrSaM3hzX5SuiEyElD0CMa6G9z8HWUfEnfLwEr9cNP8jvQfGztH86N9wdwtqVpD1ytoQ';
let dummyHash = DUMMY_PASSWORD_HASH;

/** The hash an unknown email is checked against (at today's cost). */
export function dummyPasswordHash(): string {
  return dummyHash;
}

/**
 * Tests only: hash at a lower cost (2^log2N), so tests that log in many times (the fuzz test)
 * stay fast on a small CI machine. Production never calls this; the cost is decision 004's.
 */
export function useTestHashCost(log2N: number): void {
  CURRENT = { ...CURRENT, log2N };
  const salt = randomBytes(SALT_BYTES);
  const key = scryptSync(randomBytes(16).toString('hex'), salt, KEY_BYTES, { N: 2 ** log2N, r: CURRENT.r, p: CURRENT.p });
  dummyHash = ['scrypt', log2N, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const N = 2 ** params.log2N;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r bytes (128 MiB here); node's default cap is 32 MiB.
    maxmem: 2 * 128 * N * params.r,
  };
  // The async form runs on libuv's thread pool, so other requests are served meanwhile; the
  // pool bounds how many run at once (and answers 429 beyond its queue).
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, CURRENT);
  return ['scrypt', CURRENT.log2N, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type Parsed = Params & { salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted or hostile row from asking for gigabytes of memory.
  const sane = [log2N, r, p].every(Number.isInteger) && log2N >= 10 && log2N <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
  if (!sane) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 16 || key.length < 32) return null;
  return { log2N, r, p, salt, key };
}

/** Constant-time check of a password against a stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    await derive(password, randomBytes(SALT_BYTES), CURRENT); // same time as a real check
    return false;
  }
  const candidate = await derive(password, parsed.salt, parsed);
  return candidate.length === parsed.key.length && timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash uses weaker parameters than today's (rehash it after a good login). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return parsed.log2N < CURRENT.log2N || parsed.r < CURRENT.r || parsed.key.length < KEY_BYTES;
}
