import type { RxStorage } from 'rxdb';

/**
 * A storage that counts its write calls per table (each is one storage transaction on Dexie),
 * to check that a burst of changes is written in bulk, not one write per document.
 */
export function countingStorage(storage: RxStorage<any, any>): { storage: RxStorage<any, any>; writes: Map<string, number> } {
  const writes = new Map<string, number>();
  return {
    writes,
    storage: {
      ...storage,
      async createStorageInstance(params) {
        const instance = await storage.createStorageInstance(params);
        const bulkWrite = instance.bulkWrite.bind(instance);
        instance.bulkWrite = (rows, context) => {
          writes.set(params.collectionName, (writes.get(params.collectionName) ?? 0) + 1);
          return bulkWrite(rows, context);
        };
        return instance;
      },
    },
  };
}
