import { Subject } from 'rxjs';
import type { BulkWriteRow, RxStorage, RxStorageInstance } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { monotonicLwtStorage } from './monotonic-lwt-storage.js';

// The wrapper over a stand-in for RxDB's Dexie storage instance, to see what it reads and
// writes. clock-back.reload.test.ts runs it on the real Dexie (fake-indexeddb) across reloads.

type Doc = { id: string; _meta: { lwt: number } };

function standIn(storedHighest: number) {
  const written: number[] = [];
  const changes = new Subject<{ events: { documentData: Doc }[] }>();
  let reads = 0;
  let release: () => void = () => {};
  const readDone = new Promise<void>((resolve) => (release = resolve));
  const instance = {
    internals: Promise.resolve({
      dexieTable: {
        orderBy: (index: string) => ({
          last: async () => {
            expect(index).toBe('_meta.lwt');
            reads++;
            await readDone;
            return { _meta: { lwt: storedHighest } };
          },
        }),
      },
    }),
    changeStream: () => changes.asObservable(),
    bulkWrite: async (rows: BulkWriteRow<Doc>[]) => {
      written.push(...rows.map((row) => row.document._meta.lwt));
      return { error: [] };
    },
  };
  const storage = { name: 'stand-in', createStorageInstance: async () => instance } as unknown as RxStorage<unknown, unknown>;
  return { storage, written, changes, reads: () => reads, finishRead: () => release() };
}

const open = async (storage: RxStorage<unknown, unknown>) =>
  (await monotonicLwtStorage(storage).createStorageInstance({ collectionName: 'toys' } as never)) as unknown as RxStorageInstance<Doc, unknown, unknown>;
const hundredths = (lwt: number) => Math.round(lwt * 100) / 100; // the step is 0.01, summed in floating point
const row = (lwt: number): BulkWriteRow<Doc> => ({ document: { id: `t${lwt}`, _meta: { lwt } } as never });

describe('monotonic local write stamps', () => {
  it('lifts stamps below the stored mark above it, in write order, reading the store once', async () => {
    const s = standIn(5000);
    const instance = await open(s.storage);
    const first = instance.bulkWrite([row(100)], 'test'); // arrives before the mark is read: waits
    s.finishRead();
    await first;
    for (let i = 0; i < 5; i++) await instance.bulkWrite([row(200 + i)], 'test');
    await instance.bulkWrite([row(9000)], 'test'); // a stamp above the mark is kept as it is
    expect(s.written.map(hundredths)).toEqual([5000.01, 5000.02, 5000.03, 5000.04, 5000.05, 5000.06, 9000]);
    expect(s.reads()).toBe(1);
  });

  it("raises the mark from another tab's write on the change stream, without reading again", async () => {
    const s = standIn(10);
    s.finishRead();
    const instance = await open(s.storage);
    await instance.bulkWrite([row(20)], 'test');
    s.changes.next({ events: [{ documentData: { id: 'other-tab', _meta: { lwt: 7000 } } }] });
    await instance.bulkWrite([row(30)], 'test');
    expect(s.written.map(hundredths)).toEqual([20, 7000.01]);
    expect(s.reads()).toBe(1);
  });
});
