import { getChangedDocumentsSince, type RxStorage, type RxStorageInstance } from 'rxdb';

// Why this exists (issue 9, fault 2): RxDB stamps every local write with `_meta.lwt`, the
// device's wall-clock time (its now() is monotonic only within one page load), and the push
// side of the replication resumes after a reload from the last pushed `lwt`. A device whose
// clock went back (corrected after running ahead) writes documents with an `lwt` below that
// checkpoint, and they are never pushed. This wrapper makes `lwt` monotonic across reloads
// and tabs: it knows the highest `lwt` already stored (the data itself is the high-water mark,
// so nothing extra is persisted) and lifts any lower stamp just above it.
// The order of local writes, not the clock, decides what the push picks up.

const STEP = 0.01; // the same sub-millisecond step RxDB's now() uses

/** Replication meta data (checkpoints) and RxDB's internal store keep RxDB's own stamps. */
function isUserTable(collectionName: string): boolean {
  return !collectionName.startsWith('rx-') && !collectionName.startsWith('_rxdb');
}

export function monotonicLwtStorage<I, O>(storage: RxStorage<I, O>): RxStorage<I, O> {
  return {
    ...storage,
    name: `monotonic-lwt-${storage.name}`,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      if (!isUserTable(params.collectionName)) return instance;
      return withMonotonicLwt(instance);
    },
  };
}

/** The part of RxDB's Dexie storage state used here: its table of documents. */
type DexieState = { dexieTable?: { orderBy?(index: string): { last(): Promise<{ _meta?: { lwt?: number } } | undefined> } } };

/**
 * The highest `lwt` stored. On Dexie one step of a reverse cursor over the `_meta.lwt` index
 * RxDB keeps (its cleanup() reads the same index); any other storage (the tests' memory one)
 * is walked through its changes.
 */
async function highestStoredLwt<D, I, O>(instance: RxStorageInstance<D, I, O>): Promise<number> {
  const state: unknown = await instance.internals; // Dexie's is a promise of its state
  const table = (state as DexieState | undefined)?.dexieTable;
  if (table?.orderBy) return (await table.orderBy('_meta.lwt').last())?._meta?.lwt ?? 0;
  let checkpoint: { lwt: number; id: string } | undefined;
  for (;;) {
    const changed = await getChangedDocumentsSince(instance, 500, checkpoint);
    if (changed.documents.length === 0) return checkpoint?.lwt ?? 0;
    checkpoint = changed.checkpoint as { lwt: number; id: string };
  }
}

function withMonotonicLwt<D, I, O>(instance: RxStorageInstance<D, I, O>): RxStorageInstance<D, I, O> {
  // The mark is read once, as the collection opens, then kept up to date from every write this
  // tab makes and from the change stream, which also carries other tabs' writes (RxDB's
  // multi-instance channel). A write then costs no read: at 2,000 toys the first write of a
  // page load used to walk every document, and each later write read the store once more
  // (issue 16). Another tab's write reaches the stream a few milliseconds late; only a tab
  // opened after the clock went back, writing in that moment, could stamp below it.
  let high = 0;
  let ready = false;
  const raise = (lwt: number | undefined) => {
    if (lwt !== undefined && lwt > high) high = lwt;
  };
  const warm = () =>
    highestStoredLwt(instance).then((stored) => {
      raise(stored);
      ready = true;
    });
  let warming = warm();
  warming.catch(() => undefined); // a failed read is tried again by the next write, which waits for it
  instance.changeStream().subscribe((bulk) => {
    for (const event of bulk.events) raise(event.documentData?._meta?.lwt);
  });
  const bulkWrite = instance.bulkWrite.bind(instance);

  /** Lifts each stamp not above the mark just above it; synchronous, so two writes never share a mark. */
  const lift: typeof bulkWrite = (rows, context) => {
    const lifted = rows.map((row) => {
      const lwt = row.document._meta.lwt;
      if (lwt > high) {
        high = lwt;
        return row;
      }
      high += STEP;
      return { ...row, document: { ...row.document, _meta: { ...row.document._meta, lwt: high } } };
    });
    return bulkWrite(lifted, context);
  };
  instance.bulkWrite = (rows, context) => {
    if (ready) return lift(rows, context);
    warming = warming.catch(warm);
    return warming.then(() => lift(rows, context));
  };
  return instance;
}
