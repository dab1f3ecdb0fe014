import { afterAll, describe, expect, it } from 'vitest';
import { EnvError, readEnv } from '../env.js';
import { RATE_LIMITS } from '../services/rate-limit.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { forwardedClient } from './rate-limited.js';

describe('TRUST_PROXY', () => {
  it('reads a hop count or proxy addresses, and stops on anything else', () => {
    expect(readEnv({}).TRUST_PROXY).toBeUndefined();
    expect(readEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toEqual({ hops: 1 });
    expect(readEnv({ TRUST_PROXY: '10.0.0.2, ::1' }).TRUST_PROXY).toEqual({ addresses: ['10.0.0.2', '::1'] });
    for (const bad of ['0', 'yes', '10.0.0.300']) expect(() => readEnv({ TRUST_PROXY: bad })).toThrow(EnvError);
    expect(() => readEnv({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY:/);
  });

  it('takes the client from X-Forwarded-For past the trusted hops or addresses', () => {
    expect(forwardedClient('10.0.0.2', '198.51.100.9', { hops: 1 })).toBe('198.51.100.9');
    // A client that writes its own header only adds entries on the left: they are not believed.
    expect(forwardedClient('10.0.0.2', '1.2.3.4, 198.51.100.9', { hops: 1 })).toBe('198.51.100.9');
    expect(forwardedClient('10.0.0.2', '1.2.3.4, 198.51.100.9, 10.0.0.1', { hops: 2 })).toBe('198.51.100.9');
    expect(forwardedClient('10.0.0.2', '1.2.3.4, 198.51.100.9', { addresses: ['10.0.0.2'] })).toBe('198.51.100.9');
    expect(forwardedClient('10.0.0.2', '198.51.100.9, 10.0.0.1', { addresses: ['10.0.0.1', '10.0.0.2'] })).toBe('198.51.100.9');
    // From an address we do not trust, the socket is the client whatever the header says.
    expect(forwardedClient('203.0.113.5', '198.51.100.9', { addresses: ['10.0.0.2'] })).toBe('203.0.113.5');
    expect(forwardedClient('10.0.0.2', undefined, { hops: 1 })).toBe('10.0.0.2');
    expect(forwardedClient('10.0.0.2', 'garbage', { hops: 1 })).toBe('10.0.0.2');
  });
});

describe('per-address limits behind a proxy', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  async function spendForgotBudget(t: TestApp, forwardedFor: (i: number) => string) {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.forgotPerIp.points; i++) {
      const init = jsonRequest('POST', { email: `who${i}@example.com` });
      (init.headers as Record<string, string>)['x-forwarded-for'] = forwardedFor(i);
      const res = await t.app.request('/api/auth/forgotpassword', init, { incoming: { socket: { remoteAddress: '10.0.0.2' } } });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('unset: the socket address counts, X-Forwarded-For is ignored', async () => {
    const t = await createTestApp();
    apps.push(t);
    const statuses = await spendForgotBudget(t, (i) => `198.51.100.${i}`);
    expect(statuses.at(-1)).toBe(429);
  });

  it('set: each client behind the proxy counts on its own', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    apps.push(t);
    const statuses = await spendForgotBudget(t, (i) => `198.51.100.${i}`);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // ...and one client behind it is still limited.
    const same = await spendForgotBudget(t, () => '198.51.100.250');
    expect(same.at(-1)).toBe(429);
  });
});
