import type { RxStorage, RxStorageInstance } from 'rxdb';

// Test support (never shipped): a device's own clock for its local write times.
// RxDB stamps every local write with `_meta.lwt` from its now(), which is one module-level
// clock for the whole test process: all simulated devices share it, and it never goes back.
// A real device stamps with its own clock, which does go back between page loads (a clock
// corrected after running ahead), and that is what fault 2 of issue 9 needs (decision 007:
// the push side resumes after a reload from the last pushed lwt). This wrapper, over the
// app's storage stack (so the app's monotonic-lwt wrapper sees these stamps), restamps each
// write of a user collection with the device's clock, kept monotonic within one page load as
// RxDB's now() is. One wrapper per page load: a reload makes a new one, and the clock may
// then be behind what the last load wrote.

export type DeviceClock = { now(): number };

function isUserTable(collectionName: string): boolean {
  return !collectionName.startsWith('rx-') && !collectionName.startsWith('_rxdb');
}

export function deviceClockStorage<I, O>(storage: RxStorage<I, O>, clock: DeviceClock): RxStorage<I, O> {
  let last = 0; // per page load, like RxDB's now()
  const stamp = () => {
    const now = Math.round(clock.now() * 100) / 100;
    last = now > last ? now : Math.round((last + 0.01) * 100) / 100;
    return last;
  };
  return {
    ...storage,
    name: `device-clock-${storage.name}`,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      if (!isUserTable(params.collectionName)) return instance;
      return restamped(instance, stamp);
    },
  };
}

function restamped<D, I, O>(instance: RxStorageInstance<D, I, O>, stamp: () => number): RxStorageInstance<D, I, O> {
  const bulkWrite = instance.bulkWrite.bind(instance);
  instance.bulkWrite = (rows, context) => {
    const lwt = stamp();
    // New objects: RxDB shares one _meta object between the inserts of a batch.
    return bulkWrite(
      rows.map((row) => ({ ...row, document: { ...row.document, _meta: { ...row.document._meta, lwt } } })),
      context,
    );
  };
  return instance;
}
