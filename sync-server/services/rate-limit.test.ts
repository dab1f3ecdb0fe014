import { describe, expect, it } from 'vitest';
import { createAuthLimits, createFormLimits, ipKey, RATE_LIMITS } from './rate-limit.js';

describe('login attempt counting', () => {
  const fail = async (login: ReturnType<typeof createAuthLimits>['login'], ip: string, email: string) => login.begin(ip, email);

  it('counts a parallel burst exactly like a serial one (counted before the hash)', async () => {
    const { login } = createAuthLimits();
    const burst = await Promise.all(Array.from({ length: 40 }, () => login.begin('1.1.1.1', 'a@x.org')));
    expect(burst.filter((a) => a.wait === null)).toHaveLength(RATE_LIMITS.loginAttemptsPerIpAndEmail.points);
    expect(burst.filter((a) => a.wait !== null).every((a) => a.wait! > 0)).toBe(true);
    expect((await login.begin('1.1.1.1', 'b@x.org')).wait).toBeNull();
    expect((await login.begin('2.2.2.2', 'a@x.org')).wait).toBeNull();
  });

  it('gives a good login back, and forgets that address\'s typos for the account', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginAttemptsPerIpAndEmail.points - 1; i++) await fail(login, '1.1.1.1', 'a@x.org');
    await (await login.begin('1.1.1.1', 'a@x.org')).succeeded();
    for (let i = 0; i < RATE_LIMITS.loginAttemptsPerIpAndEmail.points; i++) expect((await fail(login, '1.1.1.1', 'a@x.org')).wait).toBeNull();
  });

  it('gives back an attempt that was cancelled before any check', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < 3 * RATE_LIMITS.loginAttemptsPerIpAndEmail.points; i++) await (await login.begin('1.1.1.1', 'a@x.org')).cancel();
    expect((await login.begin('1.1.1.1', 'a@x.org')).wait).toBeNull();
  });

  it('blocks an address that fails across many accounts', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginAttemptsPerIp.points; i++) await fail(login, '3.3.3.3', `user${i}@x.org`);
    expect((await login.begin('3.3.3.3', 'fresh@x.org')).wait).toBeGreaterThan(0);
  });

  it('asks for a captcha, never a hard block, for one account guessed at from many addresses', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < 150; i++) await fail(login, `10.0.${i >> 8}.${i & 255}`, 'target@x.org');
    const owner = await login.begin('4.4.4.4', 'target@x.org');
    expect(owner.wait).toBeNull();
    expect(owner.needsCaptcha).toBe(true);
    expect((await login.begin('4.4.4.4', 'other@x.org')).needsCaptcha).toBe(false);
  });

  it('keeps separate counters for separate app instances', async () => {
    const first = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginAttemptsPerIpAndEmail.points; i++) await fail(first.login, '5.5.5.5', 'a@x.org');
    expect((await createAuthLimits().login.begin('5.5.5.5', 'a@x.org')).wait).toBeNull();
  });
});

describe('attempt limits', () => {
  it('count every attempt per address and per email', async () => {
    const forms = createFormLimits();
    for (let i = 0; i < RATE_LIMITS.formsPerIp.points; i++) expect(await forms.attempt('6.6.6.6', `${i}@x.org`)).toBeNull();
    expect(await forms.attempt('6.6.6.6', 'new@x.org')).toBeGreaterThan(0);
    expect(await forms.attempt('7.7.7.7', 'new@x.org')).toBeNull();
  });
});

describe('ipKey', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s -> %s', (address, key) => {
    expect(ipKey(address)).toBe(key);
  });
});
