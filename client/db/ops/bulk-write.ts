import type { RxCollection, RxDocumentData } from 'rxdb';

// Why not RxDB's own calls: `incrementalModify` on many documents, started together, is stored
// by RxDB's write queue as two writes (the first document alone, then the rest), so a burst
// reached the screens in two updates; `bulkUpsert` on existing documents writes the given whole
// documents over what is stored (a field another device changed meanwhile is lost) and runs
// as a refused insert plus those two writes. Here the table's storage instance (the one RxDB's
// replication writes pulled documents through, which stamps the revision and write time) gets
// every change in one bulkWrite: one storage transaction and one change event bulk.

/** Enough for any real contention: each round stores every document it could. */
const MAX_ROUNDS = 20;

/**
 * Changes the given live documents of one table in one storage write (a rotation's stamps, a
 * bulk edit, an import). `modify` gets a document's latest stored state and returns its new
 * state (a new object; the one it was given, unchanged, leaves the document as it is). A document changed meanwhile
 * (a pull, another tab) is refused by the storage as a conflict and modified again from the
 * state that won, so another device's change to another field is kept. Ids not found (or
 * deleted) are skipped.
 */
export async function modifyEach<T>(table: RxCollection<T>, ids: Iterable<string>, modify: (data: T) => T): Promise<void> {
  const storage = table.storageInstance;
  let current = await storage.findDocumentsById([...new Set(ids)], false);
  for (let round = 0; current.length > 0; round++) {
    if (round === MAX_ROUNDS) throw new Error(`${table.name}: ${current.length} documents kept changing while being written`);
    const rows = current.flatMap((previous) => {
      const given = { ...previous };
      const next = modify(given);
      return next === given ? [] : [{ previous, document: { ...previous, ...next } as RxDocumentData<T> }];
    });
    if (rows.length === 0) return;
    const { error } = await storage.bulkWrite(rows, 'toy-rotation-modify-each');
    const failed = error.find((problem) => problem.status !== 409);
    if (failed) throw new Error(`${table.name}: writing ${failed.documentId} failed (${failed.status})`);
    current = error.flatMap((conflict) => (conflict.status === 409 && conflict.documentInDb && !conflict.documentInDb._deleted ? [conflict.documentInDb] : []));
  }
}
