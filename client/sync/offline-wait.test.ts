import { afterEach, describe, expect, it, vi } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, eventually, newUser, syncTestBed } from '../test-support/sync-harness.js';
import { TABLES, openUserDatabase } from '../db/database.js';
import { startSync } from './start-sync.js';
import { openEventStream } from './event-stream.js';
import { offlineAwareFetch } from './offline-wait.js';

// Issue 16, polish 8: offline, nothing is sent every few seconds; an unanswered server is retried
// less and less often.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const failingFetch = () => {
  const calls: number[] = [];
  const fetchImpl: typeof fetch = async () => {
    calls.push(Date.now());
    throw new TypeError('Failed to fetch');
  };
  return { calls, fetchImpl };
};

function openStream(fetchImpl: typeof fetch) {
  return openEventStream({
    url: 'http://test/stream',
    fetch: fetchImpl,
    headers: () => ({ authorization: 'Bearer t' }),
    onOpen: () => {},
    onEvent: () => {},
    onError: () => {},
    retryMs: 5000,
  });
}

const onlyToys = { toys: TABLES.toys } as typeof TABLES;

describe('offlineAwareFetch', () => {
  it('sends nothing while the browser says it is offline, and passes requests through online', async () => {
    const { calls, fetchImpl } = failingFetch();
    vi.stubGlobal('navigator', { onLine: false });
    await expect(offlineAwareFetch(fetchImpl)('http://test/x')).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(0);
    vi.stubGlobal('navigator', { onLine: true });
    await expect(offlineAwareFetch(fetchImpl)('http://test/x')).rejects.toThrow('Failed to fetch');
    expect(calls).toHaveLength(1);
  });
});

describe('the live stream when the server does not answer', () => {
  it('backs off: 5 s, 10 s, 20 s, 40 s between tries (each stretched by up to half at random) instead of every 5 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: true });
    const { calls, fetchImpl } = failingFetch();
    const handle = openStream(fetchImpl);
    await vi.advanceTimersByTimeAsync(120_000);
    handle.close();
    const gaps = calls.slice(1).map((at, i) => at - (calls[i] as number));
    expect(gaps.length).toBeGreaterThanOrEqual(4);
    [5000, 10_000, 20_000, 40_000].forEach((doubled, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(doubled);
      expect(gaps[i]).toBeLessThanOrEqual(doubled * 1.5);
    });
  });

  it('does not retry at all while the browser is offline (the owner reopens it on `online`)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('navigator', { onLine: false });
    const { calls, fetchImpl } = failingFetch();
    const handle = openStream(fetchImpl);
    await vi.advanceTimersByTimeAsync(120_000);
    handle.close();
    expect(calls).toHaveLength(1);
  });
});

describe('replication retries when the server does not answer', () => {
  const bed = syncTestBed();
  it('back off per collection instead of every retryMs, and recover at once when it answers', async () => {
    const user = await newUser(bed.server);
    const attempts: string[] = [];
    const network = { up: false };
    const fetchImpl: typeof fetch = async (input, init) => {
      if (!network.up) {
        if (String(input).includes('/api/sync/toys/pull')) attempts.push(String(input));
        throw new TypeError('fetch failed: network is down');
      }
      return fetch(input, init);
    };
    const db = await openUserDatabase(user.userId, { name: `backoff-${Date.now()}`, storage: dexieStorage(), multiInstance: false, tables: onlyToys });
    const sync = startSync(db, { baseUrl: bed.server.baseUrl, getToken: () => user.token, retryMs: 50, fetch: fetchImpl });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1600));
      // Every 50 ms would be ~30 tries; doubling (50, 100, 200, 400, 600, 600) is at most 7.
      expect(attempts.length).toBeGreaterThan(1);
      expect(attempts.length).toBeLessThanOrEqual(7);
      network.up = true;
      await eventually(() => expect(sync.getStatus().state).toBe('online'), 5000);
    } finally {
      await sync.stop();
      await db.close();
    }
  });
});
