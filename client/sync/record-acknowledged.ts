import { deepEqual, getAssumedMasterState, getMetaWriteRow, type RxReplicationWriteToMasterRow } from 'rxdb';
import type { SyncedDoc, SyncedReplication } from './rx-types.js';

/**
 * After the server acknowledged a push, RxDB records each state sent as the document's base
 * (its "assumed master state"), writing over the meta revision it read before the push. A
 * pull that RxDB persisted during the round trip changed that meta row, so RxDB's write is
 * refused, silently, and the base stays the pulled, older state. If the parent then set the
 * document back to that state, RxDB saw nothing to push and the server kept the acknowledged
 * value (seed 937: a `reminderEmail` set back to false stayed true on every device).
 * So, before RxDB records, this checks whether the meta row still holds the base RxDB pushed
 * against, and where it does not, records the acknowledged state itself (RxDB's own write is
 * then refused instead, as it would have been). Documents answered as conflicts are left to
 * RxDB's conflict handling.
 */
export async function recordAcknowledged(
  replication: SyncedReplication,
  rows: RxReplicationWriteToMasterRow<SyncedDoc>[],
  conflictIds: Set<string>,
): Promise<void> {
  const state = replication.internalReplicationState;
  if (!state || state.events.canceled.getValue()) return;
  const primary = state.primaryPath as string;
  const acknowledged = rows.filter((row) => !conflictIds.has((row.newDocumentState as Record<string, unknown>)[primary] as string));
  if (acknowledged.length === 0) return;
  // Twice at most: a pull persisted between this read and this write refuses it too.
  for (let attempt = 0; attempt < 2; attempt++) {
    const ids = acknowledged.map((row) => (row.newDocumentState as Record<string, unknown>)[primary] as string);
    const current = await getAssumedMasterState(state, ids);
    const writes = await Promise.all(
      acknowledged
        .filter((row) => {
          const meta = current[(row.newDocumentState as Record<string, unknown>)[primary] as string];
          const readByRxdb = row.assumedMasterState;
          if (!meta) return false; // nothing was written in between (RxDB inserts it)
          return !readByRxdb || !deepEqual(meta.docData, readByRxdb);
        })
        .map((row) => getMetaWriteRow(state, row.newDocumentState, current[(row.newDocumentState as Record<string, unknown>)[primary] as string]!.metaDocument)),
    );
    if (writes.length === 0) return;
    const result = await state.input.metaInstance.bulkWrite(writes, 'toy-rotation-record-acknowledged');
    if (result.error.length === 0) return;
  }
}
