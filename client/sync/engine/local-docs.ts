import { createRevision, getChangedDocumentsSince, now, type RxDocumentData } from 'rxdb';
import { SYNC_MAX_BATCH } from '../../../shared/schemas/sync.js';
import { rebase, sameValue, type Doc } from '../protocol-fields.js';
import type { SyncedTable } from '../rx-types.js';

// The collection's documents as the sync engine reads and writes them: in the server's shape
// (no RxDB bookkeeping), deleted ones included, through the storage instance's public
// interface (findDocumentsById, getChangedDocumentsSince, bulkWrite with the previous state).

type Stored = RxDocumentData<Doc>;

/** A document as the server sees it: without RxDB's local bookkeeping. */
export function serverShape(doc: Record<string, unknown>): Doc {
  const { _meta, _rev, _attachments, ...state } = doc;
  return state;
}

/** Every document the collection holds, deleted ones included, by id. */
export async function readAll(collection: SyncedTable): Promise<Map<string, Doc>> {
  const out = new Map<string, Doc>();
  let checkpoint: unknown;
  for (;;) {
    const batch = await getChangedDocumentsSince(collection.storageInstance, SYNC_MAX_BATCH, checkpoint);
    for (const doc of batch.documents) out.set(String(doc.id), serverShape(doc as Record<string, unknown>));
    if (batch.documents.length < SYNC_MAX_BATCH) return out;
    checkpoint = batch.checkpoint;
  }
}

async function readStored(collection: SyncedTable, ids: string[]): Promise<Map<string, Stored>> {
  const docs = (await collection.storageInstance.findDocumentsById(ids, true)) as Stored[];
  return new Map(docs.map((doc) => [String(doc.id), doc]));
}

export async function readSome(collection: SyncedTable, ids: string[]): Promise<Map<string, Doc>> {
  const stored = await readStored(collection, ids);
  return new Map([...stored].map(([id, doc]) => [id, serverShape(doc)]));
}

/** The context of the engine's own writes (the change events carry it). */
export const SYNC_WRITE_CONTEXT = 'toy-rotation-sync';

export type LocalWrite = { id: string; from: Doc | undefined; to: Doc };

/** How often a write is retried when a local write keeps landing first (it never should twice). */
const ATTEMPTS = 5;

/**
 * Writes the engine's new state of each document (a pulled state, an edit rebased onto an
 * answer) only over the state it was computed from. A local write that landed meanwhile is
 * kept: its change from `from` is rebased onto the new state (the server's merge rule), and
 * the write is tried again on the storage's conflict answer. The change events that follow
 * tell the engine what the documents now hold.
 */
export async function writeOver(collection: SyncedTable, writes: LocalWrite[]): Promise<void> {
  let todo = writes;
  for (let attempt = 0; todo.length > 0 && attempt < ATTEMPTS; attempt++) {
    const current = await readStored(collection, todo.map((write) => write.id));
    const rows = todo.flatMap((write) => {
      const previous = current.get(write.id);
      const held = previous ? serverShape(previous) : undefined;
      const target = !held || sameValue(held, write.from) ? write.to : rebase(write.to, write.from, held);
      if (held && sameValue(held, target)) return [];
      return [{ ...(previous ? { previous } : {}), document: stored(collection, target, previous) }];
    });
    if (rows.length === 0) return;
    const result = await collection.storageInstance.bulkWrite(rows, SYNC_WRITE_CONTEXT);
    const refused = new Set(result.error.filter((error) => error.status === 409).map((error) => String(error.documentId)));
    const failed = result.error.find((error) => error.status !== 409);
    if (failed) throw new Error(`Sync could not write ${String(failed.documentId)} (${failed.status})`);
    todo = todo.filter((write) => refused.has(write.id));
  }
  if (todo.length > 0) throw new Error('Sync could not write a pulled state: the document kept changing');
}

function stored(collection: SyncedTable, doc: Doc, previous: Stored | undefined): Stored {
  return {
    ...doc,
    _deleted: doc._deleted === true,
    _attachments: {},
    _meta: { ...(previous?._meta ?? {}), lwt: now() },
    _rev: createRevision(collection.database.token, previous),
  } as Stored;
}
