import type { ReplicationMetaStorage, SyncedTable } from './rx-types.js';
import { deepEqual, getComposedPrimaryKeyOfDocumentData } from 'rxdb';

/** A document as the server sees it: without RxDB's local bookkeeping. */
export function serverShape(doc: Record<string, unknown>): Record<string, unknown> {
  const { _meta, _rev, _attachments, ...state } = doc;
  return state;
}

/**
 * Which of these documents hold a local write the server has not acknowledged: the local
 * state differs from the state the replication last agreed on with the server (RxDB's
 * "assumed master state", kept in the replication's meta storage, so this survives reloads
 * and is the same in every tab). RxDB's downstream does not overwrite such documents.
 */
export async function unpushedAmong(meta: ReplicationMetaStorage, collection: SyncedTable, ids: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (ids.length === 0) return out;
  const metaIds = ids.map((id) => getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId: id, isCheckpoint: '0' }));
  const [local, masters] = await Promise.all([collection.storageInstance.findDocumentsById(ids, true), meta.findDocumentsById(metaIds, true)]);
  const masterById = new Map(masters.map((m) => [m.itemId as string, m.docData as Record<string, unknown>]));
  for (const doc of local) {
    const id = doc[collection.schema.primaryPath] as string;
    const master = masterById.get(id);
    if (!master || !deepEqual(serverShape(master), serverShape(doc as Record<string, unknown>))) out.add(id);
  }
  return out;
}
