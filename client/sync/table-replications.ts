import type { SyncTable } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from '../db/database.js';
import { OfflineError, type HttpClient } from './http.js';
import { retryDelay } from './offline-wait.js';
import { listsPushedBefore } from './lists-first.js';
import type { PulledBases } from './pulled-bases.js';
import { reconvergence } from './reconverge.js';
import { replicateTable, type TableSync } from './replicate-table.js';
import type { SyncHandle } from './sync-types.js';

// One RxDB replication per collection the database has (replicate-table.ts), with the
// retry back-off they share, and the events start-sync.ts builds the status from.

export type TableReplications = {
  syncs: Record<SyncTable, TableSync>;
  replications: SyncHandle['replications'];
  /** The browser is back online: retry at the normal pace again. */
  resetBackOff(): void;
  /** Stops listening to the replications' events (the replications are cancelled by the caller). */
  unsubscribe(): void;
};

export function replicateTables(options: {
  db: ToyDatabase;
  names: SyncTable[];
  http: HttpClient;
  bases: PulledBases;
  retryMs: number;
  batchSize: number;
  /** A request answered. */
  onSuccess: () => void;
  /** A request failed (401, offline, left the household ...); RxDB retries later. */
  onFailure: (error: unknown) => void;
  onNotice: (message: string) => void;
  onActive: (name: SyncTable, active: boolean) => void;
  /** A document of the collection was written (locally or by a pull). */
  onChange: () => void;
  /** Runs before each push of a collection with the states about to be sent. */
  beforePush?: (name: SyncTable, docs: Record<string, unknown>[]) => Promise<void>;
}): TableReplications {
  const { db, retryMs } = options;
  const syncs = {} as Record<SyncTable, TableSync>;
  const replications = {} as SyncHandle['replications'];
  const subscriptions: { unsubscribe(): void }[] = [];

  // RxDB retries a failed pull or push after `retryTime`; while the server does not answer that
  // wait doubles (5 s up to 60 s) per collection, and an answer or the `online` event resets it.
  const networkFailures: Partial<Record<SyncTable, number>> = {};
  function backOff(name: SyncTable, error: unknown): void {
    if (!(error instanceof OfflineError) || !replications[name]) return;
    networkFailures[name] = (networkFailures[name] ?? 0) + 1;
    replications[name].retryTime = retryDelay(networkFailures[name], retryMs);
  }
  function resetBackOff(name: SyncTable): void {
    if (!networkFailures[name]) return;
    networkFailures[name] = 0;
    if (replications[name]) replications[name].retryTime = retryMs;
  }

  const giveBack = reconvergence({ names: options.names, tableOf: (name) => db.collections[name], http: options.http });
  for (const name of options.names) {
    syncs[name] = replicateTable({
      name,
      collection: db.collections[name],
      http: options.http,
      bases: options.bases,
      reconvergence: giveBack,
      retryMs,
      batchSize: options.batchSize,
      onSuccess: () => {
        resetBackOff(name);
        options.onSuccess();
      },
      onError: (error) => {
        backOff(name, error);
        options.onFailure(error);
        throw error;
      },
      onNotice: options.onNotice,
      beforePush: async (docs) => {
        // A toy goes up after the new lists it names (lists-first.ts, decision 008).
        if (name === 'toys') await listsPushedBefore(replications.lists && { replication: replications.lists, collection: db.collections.lists }, docs);
        await options.beforePush?.(name, docs);
      },
    });
    replications[name] = syncs[name].replication;
    subscriptions.push(
      syncs[name].replication.active$.subscribe((isActive) => options.onActive(name, isActive)),
      db.collections[name].eventBulks$.subscribe(() => options.onChange()),
    );
  }

  return {
    syncs,
    replications,
    resetBackOff: () => options.names.forEach(resetBackOff),
    unsubscribe: () => subscriptions.forEach((s) => s.unsubscribe()),
  };
}
