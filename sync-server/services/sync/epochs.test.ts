import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { nextSeq } from '../change-feed.js';
import { beginEpoch, judgeCheckpoint } from './epochs.js';

// Decision 007: a checkpoint is good only if the server still has the history it came from.

let t: TestApp;
afterEach(async () => t.close());

async function advanceClock(n: number) {
  for (let i = 0; i < n; i++) await nextSeq(t.db);
}

describe('judgeCheckpoint', () => {
  it('accepts checkpoints of the latest epoch, and of older epochs before the next one began', async () => {
    t = await createTestApp();
    const first = (await t.db.selectFrom('server_epochs').selectAll().executeTakeFirstOrThrow()).id;
    await advanceClock(10);
    const second = await beginEpoch(t.db, Date.now() + 1000);
    await advanceClock(5);
    expect(await judgeCheckpoint(t.deps, { seq: 15, id: 'x', epoch: second.id })).toEqual({ epoch: second.id });
    expect(await judgeCheckpoint(t.deps, { seq: 10, id: 'x', epoch: first })).toEqual({ epoch: second.id });
    expect(await judgeCheckpoint(t.deps, null)).toEqual({ epoch: second.id });
    expect(await judgeCheckpoint(t.deps, { seq: 3, id: 'x' })).toEqual({ epoch: second.id });
  });

  it('asks for a reconvergence when the server went back: a seq past the next epoch, an unknown epoch, a seq never reached', async () => {
    t = await createTestApp();
    const first = (await t.db.selectFrom('server_epochs').selectAll().executeTakeFirstOrThrow()).id;
    await advanceClock(10);
    // As after a restore: the device saw seq 14 in the first epoch; the restored copy stopped at 10.
    const restarted = await beginEpoch(t.db, Date.now() + 1000);
    await advanceClock(8);
    expect(await judgeCheckpoint(t.deps, { seq: 14, id: 'x', epoch: first })).toEqual({ epoch: restarted.id, restoredFrom: 11 });
    const lostEpoch = `${(Date.now() + 500).toString(36)}-deadbeef`; // begun after the backup
    expect(await judgeCheckpoint(t.deps, { seq: 2, id: 'x', epoch: lostEpoch })).toEqual({ epoch: restarted.id, restoredFrom: 11 });
    expect(await judgeCheckpoint(t.deps, { seq: 99, id: 'x', epoch: restarted.id })).toEqual({ epoch: restarted.id, restoredFrom: 0 });
    expect(await judgeCheckpoint(t.deps, { seq: 99, id: 'x' })).toEqual({ epoch: restarted.id, restoredFrom: 0 });
  });
});
