import { describe, expect, it } from 'vitest';
import { addChild, addToy, currentRotation, getSettings, observe, patchChild, rotate, setRotationCount } from '../db/ops/index.js';
import { enableDevMode, syncTestBed, converge, concurrently, devicePair } from '../test-support/sync-harness.js';

// Rotation practice across devices (issue 14, decision 018): real server, two simulated devices
// on fake-indexeddb, offline edits, then sync.

enableDevMode();

const bed = syncTestBed();

describe('rotation practice on two devices', () => {
  it('offline observations of different toys both survive; the same toy converges', async () => {
    const { a, b } = await devicePair(bed);
    for (const title of ['A', 'B', 'C']) await addToy(a.db, { title });
    await setRotationCount(a.db, 3);
    const { rotation } = await rotate(a.db);
    await converge(a, b);
    const [x, y] = rotation.toyIds as [string, string];
    await concurrently(a, b, () => observe(a.db, rotation.id, x, 'lot'), () => observe(b.db, rotation.id, y, 'none'));
    for (const device of [a, b]) expect((await currentRotation(device.db))?.observations).toEqual({ [x]: 'lot', [y]: 'none' });
    await concurrently(a, b, () => observe(a.db, rotation.id, x, 'little'), () => observe(b.db, rotation.id, x, 'none'));
    const [onA, onB] = await Promise.all([currentRotation(a.db), currentRotation(b.db)]);
    expect(onA?.observations).toEqual(onB?.observations);
  });

  it('a child added on one device and the first child renamed on the other, offline, both hold; no duplicate first child', async () => {
    const { a, b } = await devicePair(bed);
    let kid = '';
    await concurrently(
      a,
      b,
      async () => {
        kid = await addChild(a.db, { name: 'Max' });
      },
      () => patchChild(b.db, 'first-child', { name: 'Ada', rotationIntervalDays: 7 }),
    );
    for (const device of [a, b]) {
      const settings = await getSettings(device.db);
      expect(settings).toMatchObject({ firstChildName: 'Ada', rotationIntervalDays: 7 });
      expect(Object.keys(settings.children)).toEqual([kid]);
    }
  });
});
