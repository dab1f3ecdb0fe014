import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env.js';
import { TEST_VAPID_KEYS } from '../../test-support/vapid-keys.js';
import { loadVapidKeys, VAPID_KEYS_FILE, vapidSubject } from './vapid.js';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-vapid-'));

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR and kept across restarts', () => {
    const dir = tempDir();
    const first = loadVapidKeys({ DATA_DIR: dir });
    expect(first.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({ DATA_DIR: dir })).toEqual(first);
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), '{"publicKey": "x"}');
    expect(() => loadVapidKeys({ DATA_DIR: dir })).toThrow(/is damaged/);
    fs.rmSync(dir, { recursive: true });
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set (no file), which must be a pair', () => {
    const dir = tempDir();
    expect(loadVapidKeys({ DATA_DIR: dir, ...TEST_VAPID_KEYS })).toEqual({ publicKey: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY, privateKey: TEST_VAPID_KEYS.VAPID_PRIVATE_KEY });
    expect(fs.existsSync(path.join(dir, VAPID_KEYS_FILE))).toBe(false);
    const other = loadVapidKeys({ DATA_DIR: dir });
    expect(() => loadVapidKeys({ DATA_DIR: dir, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.VAPID_PRIVATE_KEY })).toThrow(
      'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.',
    );
    fs.rmSync(dir, { recursive: true });
  });

  it('are both set or neither, and required when instances share PostgreSQL', () => {
    expect(() => readEnv({ VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.VAPID_PUBLIC_KEY })).toThrow(/set both or neither/);
    expect(() => readEnv({ VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY: must be a base64url P-256 private key/);
    expect(() => readEnv({ DATABASE_URL: 'postgres://db/toys', CAPTCHA_SECRET: 'a-long-shared-secret' })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required when DATABASE_URL is set/);
  });

  it('name who runs the server: the https app address, else a mail address', () => {
    expect(vapidSubject({ APP_URL: 'https://toys.example', MAIL_FROM: 'x <a@b.c>' })).toBe('https://toys.example');
    expect(vapidSubject({ APP_URL: 'http://localhost:8080', MAIL_FROM: 'Toy Rotation <no-reply@localhost>' })).toBe('mailto:no-reply@localhost');
    expect(vapidSubject({ APP_URL: 'http://localhost:8080', MAIL_FROM: 'x', SUPPORT_EMAIL: 'help@toys.example' })).toBe('mailto:help@toys.example');
  });
});
