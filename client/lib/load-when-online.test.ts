import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from './load-when-online.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A chunk that fails to load `failures` times (offline), then loads. */
function flakyChunk(failures: number) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    load: async () => {
      calls += 1;
      if (calls <= failures) throw new TypeError('Failed to fetch dynamically imported module');
      return { startSync: 'the module' };
    },
  };
}

describe('loadWhenOnline', () => {
  it('loads again as soon as the browser is back online, without waiting for the back-off', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const events = new EventTarget();
    const chunk = flakyChunk(1);
    const loading = loadWhenOnline(chunk.load, new AbortController().signal, { events, baseMs: 3_600_000 });
    await vi.waitFor(() => expect(chunk.calls).toBe(1));
    events.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toEqual({ startSync: 'the module' });
    expect(chunk.calls).toBe(2);
  });

  it('keeps trying after a growing, jittered wait while no `online` event comes', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const chunk = flakyChunk(2);
    const loading = loadWhenOnline(chunk.load, new AbortController().signal, { events: new EventTarget(), baseMs: 1000, random: () => 0.5 });
    await vi.advanceTimersByTimeAsync(1249);
    expect(chunk.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(chunk.calls).toBe(2);
    await vi.advanceTimersByTimeAsync(2500);
    await expect(loading).resolves.toEqual({ startSync: 'the module' });
    expect(chunk.calls).toBe(3);
  });

  it('stops trying when the caller gives up (the household or the person changed)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const events = new EventTarget();
    const chunk = flakyChunk(Infinity);
    const controller = new AbortController();
    const loading = loadWhenOnline(chunk.load, controller.signal, { events, baseMs: 3_600_000 });
    await vi.waitFor(() => expect(chunk.calls).toBe(1));
    controller.abort(new Error('no longer needed'));
    await expect(loading).rejects.toThrow('no longer needed');
    events.dispatchEvent(new Event('online'));
    expect(chunk.calls).toBe(1);
  });
});
