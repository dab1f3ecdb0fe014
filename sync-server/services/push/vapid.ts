import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '../../env.js';

// The server's VAPID key pair (RFC 8292): push services accept a message for a subscription
// only when it is signed with the key the browser subscribed with. Like the captcha key:
// VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated once and kept in DATA_DIR, so a
// restart keeps every device's subscription working. Instances sharing PostgreSQL must share
// the pair (env.ts requires it there).

export const VAPID_KEYS_FILE = 'vapid-keys.json';

export type VapidKeys = { publicKey: string; privateKey: string };

export function loadVapidKeys(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'DATA_DIR'>): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    const keys = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    if (!isPair(keys)) throw new Error('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.');
    return keys;
  }
  const file = path.join(env.DATA_DIR, VAPID_KEYS_FILE);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const keys = readKeys(file);
  if (!keys || !isPair(keys)) throw new Error(`${file} is damaged: delete it (a new pair is made, and devices must turn notifications on again) or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`);
  return keys;
}

function readKeys(file: string): VapidKeys | null {
  try {
    const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const keys = value as Partial<VapidKeys>;
    return typeof keys.publicKey === 'string' && typeof keys.privateKey === 'string' ? { publicKey: keys.publicKey, privateKey: keys.privateKey } : null;
  } catch {
    return null;
  }
}

/** Whether the public key is the private key's (a mismatch would make every push fail with 403). */
function isPair(keys: VapidKeys): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url') === keys.publicKey;
  } catch {
    return false;
  }
}

/**
 * Who runs this server, for the push service (a `mailto:` or `https:` URL, RFC 8292 section
 * 2.1): the app's address when it is https, else the support or sender address.
 */
export function vapidSubject(env: Pick<Env, 'APP_URL' | 'SUPPORT_EMAIL' | 'MAIL_FROM'>): string {
  if (env.APP_URL.startsWith('https://')) return env.APP_URL;
  const sender = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return `mailto:${env.SUPPORT_EMAIL ?? sender.trim()}`;
}
