import { describe, expect, it } from 'vitest';
import { loadPhotoWithRetry, photoRetryDelay } from './photo-retry.js';

// Fault 11: a toy that synced before its photo finished uploading showed a broken photo on
// other devices until a reload. The photo is now fetched again until it is there.

function fakeServer(statuses: number[]) {
  const calls: RequestInit[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    calls.push(init);
    const status = statuses.shift() ?? 200;
    return new Response(status === 200 ? new Uint8Array([0xff, 0xd8, 0xff]) : JSON.stringify({ error: 'This photo was not found.' }), {
      status,
      headers: { 'Content-Type': status === 200 ? 'image/jpeg' : 'application/json' },
    });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

describe('loadPhotoWithRetry', () => {
  it('keeps asking, with growing waits, until the upload from the other device has landed', async () => {
    const { fetchImpl, calls } = fakeServer([404, 404, 503]);
    const waits: number[] = [];
    const blob = await loadPhotoWithRetry('/api/media/abc', { fetchImpl, wait: async (ms) => void waits.push(ms) });
    expect(blob?.size).toBe(3);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(calls).toHaveLength(4);
    expect(calls[0]?.cache).toBe('no-store');
  });

  it('retries after a network failure too', async () => {
    let first = true;
    const fetchImpl = (async () => {
      if (first) {
        first = false;
        throw new TypeError('Failed to fetch');
      }
      return new Response(new Uint8Array([1]), { status: 200 });
    }) as typeof fetch;
    expect(await loadPhotoWithRetry('/api/media/abc', { fetchImpl, wait: async () => {} })).not.toBeNull();
  });

  it('stops on a final refusal, or when the photo leaves the screen', async () => {
    expect(await loadPhotoWithRetry('/api/media/abc', { ...fakeServer([403]), wait: async () => {} })).toBeNull();
    const controller = new AbortController();
    const { fetchImpl, calls } = fakeServer([404, 404, 404, 404]);
    const result = await loadPhotoWithRetry('/api/media/abc', {
      fetchImpl,
      signal: controller.signal,
      wait: async () => controller.abort(),
    });
    expect(result).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('backs off to at most 30 s', () => {
    expect(photoRetryDelay(0)).toBe(1000);
    expect(photoRetryDelay(50)).toBe(30_000);
  });
});
