import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../shared/schemas/auth.js';
import { solveCaptcha } from '../../test-support/register.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { CAPTCHA_SECRET_FILE, CAPTCHA_TTL_MS, createCaptcha, loadCaptchaKey } from './captcha.js';

const dirs: string[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  for (const app of apps.splice(0)) await app.close();
});

describe('the HMAC key', () => {
  it('is generated once, kept private in DATA_DIR and reused after a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-key-'));
    dirs.push(dir);
    const dataDir = path.join(dir, 'data'); // not there yet
    const first = loadCaptchaKey({ DATA_DIR: dataDir });
    expect(first.length).toBeGreaterThanOrEqual(43); // 32 random bytes
    const file = path.join(dataDir, CAPTCHA_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadCaptchaKey({ DATA_DIR: dataDir })).toBe(first);
  });

  it('is CAPTCHA_SECRET when set, with no file written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-key-'));
    dirs.push(dir);
    expect(loadCaptchaKey({ DATA_DIR: dir, CAPTCHA_SECRET: 'a-secret-of-sixteen-chars' })).toBe('a-secret-of-sixteen-chars');
    expect(fs.existsSync(path.join(dir, CAPTCHA_SECRET_FILE))).toBe(false);
  });
});

describe('challenges', () => {
  it('accept a payload solved by altcha-lib (the widget\'s algorithm) exactly once', async () => {
    const t = await createTestApp();
    apps.push(t);
    const captcha = createCaptcha(t.deps);
    const challenge = await captcha.challenge();
    expect(challenge.maxnumber).toBeGreaterThan(0);
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    expect(solution).not.toBeNull();
    const payload = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number, took: solution!.took })).toString('base64');
    await expect(captcha.consume(payload)).resolves.toBeUndefined();
    await expect(captcha.consume(payload)).rejects.toThrow(AUTH_MESSAGES.captchaReused);
  });

  it('are refused when signed with another key', async () => {
    const t = await createTestApp({ CAPTCHA_SECRET: 'one-server-secret-key' });
    const other = await createTestApp({ CAPTCHA_SECRET: 'another-server-secret' });
    apps.push(t, other);
    const payload = await solveCaptcha(t.app);
    await expect(createCaptcha(other.deps).consume(payload)).rejects.toThrow(AUTH_MESSAGES.captchaInvalid);
    await expect(createCaptcha(t.deps).consume(payload)).resolves.toBeUndefined();
  });

  it('forget spent payloads once they have expired', async () => {
    const t = await createTestApp();
    apps.push(t);
    const captcha = createCaptcha(t.deps);
    await captcha.consume(await solveCaptcha(t.app));
    t.advance(CAPTCHA_TTL_MS + 1000);
    await captcha.consume(await solveCaptcha(t.app));
    const rows = await t.db.selectFrom('captcha_uses').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.expires_at)).toBeGreaterThan(t.deps.now());
  });
});
