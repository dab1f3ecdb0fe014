import { describe, expect, it } from 'vitest';
import { createHashingPool, HashingBusyError } from './hashing-pool.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('hashing pool', () => {
  it('runs a fixed number at once, queues a few, and refuses the rest with Retry-After', async () => {
    const pool = createHashingPool({ concurrency: 2, maxQueue: 3, retryAfterSeconds: 4 });
    const gates = Array.from({ length: 8 }, deferred);
    let running = 0;
    let most = 0;
    const runs = gates.map((gate) =>
      pool
        .run(async () => {
          running++;
          most = Math.max(most, running);
          await gate.promise;
          running--;
          return 'hashed';
        })
        .catch((error: unknown) => error),
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(pool.active).toBe(2);
    expect(pool.queued).toBe(3);
    const refused = await Promise.all(runs.slice(5));
    for (const error of refused) {
      expect(error).toBeInstanceOf(HashingBusyError);
      expect((error as HashingBusyError).status).toBe(429);
      expect((error as HashingBusyError).headers).toEqual({ 'Retry-After': '4' });
    }
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs.slice(0, 5))).toEqual(Array(5).fill('hashed'));
    expect(most).toBe(2);
    expect(pool.active).toBe(0);
  });

  it('frees its slot when a task fails', async () => {
    const pool = createHashingPool({ concurrency: 1, maxQueue: 0, retryAfterSeconds: 1 });
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await pool.run(async () => 'next')).toBe('next');
  });
});
