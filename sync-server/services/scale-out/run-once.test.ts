import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { runOncePer } from './run-once.js';

const HOUR = 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('runOncePer', () => {
  it('runs a job, skips it within the gap (another instance did it), and runs it again after', async () => {
    let runs = 0;
    const job = async () => ++runs;
    expect(await runOncePer(t.deps, 'job', HOUR, job)).toEqual({ ran: true, result: 1 });
    t.advance(HOUR - 1000);
    expect(await runOncePer(t.deps, 'job', HOUR, job)).toEqual({ ran: false });
    expect(await runOncePer(t.deps, 'another job', HOUR, job)).toEqual({ ran: true, result: 2 });
    t.advance(2000);
    expect(await runOncePer(t.deps, 'job', HOUR, job)).toEqual({ ran: true, result: 3 });
  });

  it('gives the claim back when the job fails, so the next timer retries', async () => {
    await expect(runOncePer(t.deps, 'job', HOUR, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await runOncePer(t.deps, 'job', HOUR, async () => 'ok')).toEqual({ ran: true, result: 'ok' });
    t.advance(2 * HOUR);
    await expect(runOncePer(t.deps, 'job', HOUR, () => Promise.reject(new Error('again')))).rejects.toThrow('again');
    t.advance(1000);
    expect(await runOncePer(t.deps, 'job', HOUR, async () => 'retried')).toEqual({ ran: true, result: 'retried' });
  });

  it('is shared by instances on one database', async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      expect(await runOncePer(t.deps, 'job', HOUR, async () => 1)).toEqual({ ran: true, result: 1 });
      expect(await runOncePer(second.deps, 'job', HOUR, async () => 2)).toEqual({ ran: false });
    } finally {
      await second.close();
    }
  });
});
