import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswordHash } from '../../test-support/register.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';
import { logIn } from './login.js';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from './passwords.js';

describe('passwords', () => {
  let stored = '';
  let again = '';
  beforeAll(async () => {
    [stored, again] = await Promise.all([hashPassword('Tr1cky pässword'), hashPassword('Tr1cky pässword')]);
  });

  it('stores scrypt N=2^17, r=8, p=1 with a 16-byte salt and a 64-byte key', () => {
    const [name, log2N, r, p, salt, key] = stored.split('$');
    expect([name, log2N, r, p]).toEqual(['scrypt', '17', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(64);
    expect(needsRehash(stored)).toBe(false);
  });

  it('verifies the right password and refuses others', async () => {
    const [right, decomposed, wrong] = await Promise.all([
      verifyPassword('Tr1cky pässword', stored),
      verifyPassword('Tr1cky pa\u0308ssword', stored), // the same text in another Unicode form (NFC)
      verifyPassword('tr1cky pässword', stored),
    ]);
    expect([right, decomposed, wrong]).toEqual([true, true, false]);
  });

  it('salts every hash', () => {
    expect(again).not.toBe(stored);
  });

  it('never matches a malformed or absurd stored value', async () => {
    const bad = ['', 'plain', 'scrypt$17$8$1$abc', 'scrypt$40$8$1$c2FsdHNhbHRzYWx0c2FsdA$a2V5'];
    for (const value of bad) expect(needsRehash(value)).toBe(true);
    // Each still costs a full check (same timing as a real one): two are enough here.
    expect(await Promise.all([verifyPassword('anything', bad[2]!), verifyPassword('anything', bad[3]!)])).toEqual([false, false]);
  });

  it('reads older, cheaper parameters from the stored string', async () => {
    const old = cheapPasswordHash('old password');
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(await verifyPassword('other', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('has a dummy hash at the current cost that nothing matches', async () => {
    expect(DUMMY_PASSWORD_HASH.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(needsRehash(DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('login upgrades old hashes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rehashes with today\'s parameters after a good login', async () => {
    const { userId, email } = await seedUser(t.deps);
    await t.db.updateTable('users').set({ password_hash: cheapPasswordHash('old password') }).where('id', '=', userId).execute();
    await logIn(t.deps, { email, password: 'old password' });
    const { password_hash } = await t.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(password_hash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('old password', password_hash)).toBe(true);
  });
});
