import { describe, expect, it } from 'vitest';
import { createAuthLimits, createFormLimits, ipKey, RATE_LIMITS } from './rate-limit.js';

describe('login failure counting', () => {
  it('blocks an address for one account after its failures, not others', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIpAndEmail.points; i++) {
      expect(await login.blocked('1.1.1.1', 'a@x.org')).toBeNull();
      await login.failed('1.1.1.1', 'a@x.org');
    }
    const wait = await login.blocked('1.1.1.1', 'a@x.org');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(RATE_LIMITS.loginFailuresPerIpAndEmail.seconds);
    expect(await login.blocked('1.1.1.1', 'b@x.org')).toBeNull();
    expect(await login.blocked('2.2.2.2', 'a@x.org')).toBeNull();
  });

  it('forgets an address\'s typos for an account after a good login', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIpAndEmail.points - 1; i++) await login.failed('1.1.1.1', 'a@x.org');
    await login.succeeded('1.1.1.1', 'a@x.org');
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIpAndEmail.points - 1; i++) await login.failed('1.1.1.1', 'a@x.org');
    expect(await login.blocked('1.1.1.1', 'a@x.org')).toBeNull();
  });

  it('blocks an address that fails across many accounts', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIp.points; i++) await login.failed('3.3.3.3', `user${i}@x.org`);
    expect(await login.blocked('3.3.3.3', 'fresh@x.org')).toBeGreaterThan(0);
  });

  it('blocks one account guessed at from many addresses', async () => {
    const { login } = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerEmail.points; i++) await login.failed(`10.0.${i >> 8}.${i & 255}`, 'target@x.org');
    expect(await login.blocked('4.4.4.4', 'target@x.org')).toBeGreaterThan(0);
  });

  it('keeps separate counters for separate app instances', async () => {
    const first = createAuthLimits();
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerIpAndEmail.points; i++) await first.login.failed('5.5.5.5', 'a@x.org');
    expect(await createAuthLimits().login.blocked('5.5.5.5', 'a@x.org')).toBeNull();
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
