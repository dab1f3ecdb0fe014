import { Subject } from 'rxjs';
import type { RxCollection, RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCollection } from '../../shared/schemas/docs.js';
import { SYNC_NOTICE_HEADER, type SyncCheckpoint } from '../../shared/schemas/sync.js';
import type { HttpClient } from './http.js';

export type CollectionSync = {
  replication: RxReplicationState<any, SyncCheckpoint>;
  /** Emit 'RESYNC' to make the collection pull (stream events, reconnects). */
  pullStream: Subject<RxReplicationPullStreamItem<any, SyncCheckpoint>>;
};

/**
 * One collection's RxDB replication against /api/sync/{name}/pull and /push. Errors go to
 * `onError` (which sorts out 401 and offline) and are rethrown so RxDB retries later.
 */
export function replicateCollection(options: {
  name: SyncCollection;
  collection: RxCollection<any>;
  http: HttpClient;
  retryMs: number;
  batchSize: number;
  onSuccess: () => void;
  onError: (error: unknown) => never;
  onNotice: (message: string) => void;
}): CollectionSync {
  const { name, http } = options;
  // The last server state pulled per document. RxDB writes a pulled document to the local
  // database before it records it as the assumed master state, so an edit made in between is
  // pushed with no base; the server would take that for a replayed create and keep its own
  // state, losing the edit. Filling the base from here closes that window.
  const lastPulled = new Map<string, Record<string, unknown>>();
  const pullStream = new Subject<RxReplicationPullStreamItem<any, SyncCheckpoint>>();
  const replication = replicateRxCollection<any, SyncCheckpoint>({
    replicationIdentifier: `toy-rotation-sync-${name}`,
    collection: options.collection,
    live: true,
    retryTime: options.retryMs,
    waitForLeadership: true,
    pull: {
      batchSize: options.batchSize,
      stream$: pullStream.asObservable(),
      handler: async (checkpoint, batchSize) => {
        const query = new URLSearchParams({ batchSize: String(batchSize) });
        if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
        try {
          const response = await http.request(`/api/sync/${name}/pull?${query}`);
          const body = (await response.json()) as { documents: any[]; checkpoint: SyncCheckpoint | null };
          options.onSuccess();
          return { documents: body.documents, checkpoint: body.checkpoint ?? checkpoint };
        } catch (error) {
          return options.onError(error);
        }
      },
    },
    push: {
      batchSize: options.batchSize,
      handler: async (rows) => {
        const withBase = rows.map((row) =>
          row.assumedMasterState ? row : { ...row, assumedMasterState: lastPulled.get((row.newDocumentState as { id: string }).id) },
        );
        try {
          const response = await http.request(`/api/sync/${name}/push`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(withBase),
          });
          const conflicts = (await response.json()) as any[];
          const refused = response.headers.get(SYNC_NOTICE_HEADER);
          if (refused) options.onNotice(decodeURIComponent(refused));
          options.onSuccess();
          return conflicts;
        } catch (error) {
          return options.onError(error);
        }
      },
    },
  });
  replication.received$.subscribe((doc) => {
    const { _meta, _rev, _attachments, ...state } = doc as Record<string, unknown>;
    lastPulled.set(state.id as string, state);
  });
  return { replication, pullStream };
}
