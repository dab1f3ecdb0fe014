import type { SyncedTable } from './rx-types.js';
import { getChangedDocumentsSince } from 'rxdb';
import { SYNC_TABLES, type SyncTable } from '../../shared/schemas/docs.js';
import { SYNC_MAX_BATCH } from '../../shared/schemas/sync.js';
import type { HttpClient } from './http.js';
import { serverShape } from './engine/local-docs.js';
import { pushBatches } from './engine/requests.js';
import type { Doc } from './protocol-fields.js';

/**
 * After the server went back in time (decision 007): every document this device holds,
 * deleted ones included, is pushed to /push?restoredFrom=N. The server takes the device's
 * fields for rows nobody changed since it went back, creates the rows it lost, and keeps
 * rows changed since; the full pull that follows brings the merged state back here. Answers
 * every state sent, in order: a document written while this runs is read, and sent, again.
 */
export async function resendEverything(collection: SyncedTable, http: HttpClient, name: SyncTable, restoredFrom: number): Promise<Doc[]> {
  const sent: Doc[] = [];
  let checkpoint: { id: string; lwt: number } | undefined;
  for (;;) {
    const batch = await getChangedDocumentsSince(collection.storageInstance, SYNC_MAX_BATCH, checkpoint);
    if (batch.documents.length === 0) return sent;
    checkpoint = batch.checkpoint as { id: string; lwt: number };
    const rows = batch.documents.map((doc) => {
      return { newDocumentState: serverShape(doc as Record<string, unknown>) };
    });
    for (const batch of pushBatches(rows, SYNC_MAX_BATCH)) {
      const response = await http.request(`/api/sync/${name}/push?restoredFrom=${restoredFrom}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(batch),
      });
      await response.body?.cancel(); // the full pull that follows brings the server's state
      sent.push(...batch.map((row) => row.newDocumentState));
    }
  }
}

/**
 * The order a device gives its collections back in. The server changes some rows as a side
 * effect of another collection's push (a re-created rotation stamps the settings' last rotation
 * date; a list delete or a same-name merge moves toys), and a row changed since the restore
 * keeps the server's state. So the collections such side effects touch go first: given back
 * later, the settings edit or toy edit the server lost would be refused (the randomized
 * test, seed 3: a lost settings edit stayed lost behind a rotation's stamp).
 */
const GIVE_BACK_ORDER: readonly SyncTable[] = ['settings', 'toys', 'lists', 'rotations'];

export type Reconvergence = {
  /**
   * Gives the server back every collection this device holds, in GIVE_BACK_ORDER; concurrent
   * calls share one run. Answers the document states sent, by collection.
   */
  giveBack(restoredFrom: number): Promise<ReadonlyMap<SyncTable, Doc[]>>;
};

/**
 * One device's reconvergence after the server went back in time (decision 007): whichever
 * collection notices first, all of them are given back, in an order where no side effect of
 * one can hide another's lost edits. Only runs in flight are shared: a later reset (the server
 * restored again, even from the same copy) gives everything back again.
 */
export function reconvergence(options: { names: readonly SyncTable[]; tableOf: (name: SyncTable) => SyncedTable; http: HttpClient }): Reconvergence {
  const running = new Map<number, Promise<ReadonlyMap<SyncTable, Doc[]>>>();
  const order = GIVE_BACK_ORDER.filter((name) => options.names.includes(name));
  if (SYNC_TABLES.some((name) => !GIVE_BACK_ORDER.includes(name))) {
    throw new Error('reconvergence: every synced collection needs its place in GIVE_BACK_ORDER');
  }
  return {
    giveBack(restoredFrom) {
      const current = running.get(restoredFrom);
      if (current) return current;
      const run = (async () => {
        try {
          const sent = new Map<SyncTable, Doc[]>();
          for (const name of order) sent.set(name, await resendEverything(options.tableOf(name), options.http, name, restoredFrom));
          return sent;
        } finally {
          running.delete(restoredFrom);
        }
      })();
      running.set(restoredFrom, run);
      return run;
    },
  };
}
