import type { SyncTable } from '../../shared/schemas/docs.js';
import type { SyncCheckpoint } from '../../shared/schemas/sync.js';
import type { ToyDatabase } from '../db/database.js';
import { defaultSettings } from '../db/ops/settings.js';
import { tableEngine } from './engine/table-engine.js';
import type { SyncRecords } from './engine/sync-records.js';
import { OfflineError, type HttpClient } from './http.js';
import { retryDelay } from './offline-wait.js';
import { listsPushedBefore } from './lists-first.js';
import { reconvergence } from './reconverge.js';
import type { SyncHandle } from './sync-types.js';

// One sync engine per table the database has (engine/table-engine.ts), started once this tab
// leads, with the retry back-off they share, and the events start-sync.ts builds the status from.

export type TableReplications = {
  replications: SyncHandle['replications'];
  /** The browser is back online: retry at the normal pace again. */
  resetBackOff(): void;
  /** Stops listening to the engines' events (the engines are cancelled by the caller). */
  unsubscribe(): void;
};

export function replicateTables(options: {
  db: ToyDatabase;
  names: SyncTable[];
  http: HttpClient;
  records: SyncRecords;
  retryMs: number;
  batchSize: number;
  /** A request answered. */
  onSuccess: () => void;
  /** A request failed (401, offline, left the household ...); the engine retries later. */
  onFailure: (error: unknown) => void;
  onNotice: (message: string) => void;
  onActive: (name: SyncTable, active: boolean) => void;
  /** A document of the table was written (locally or by a pull). */
  onChange: () => void;
  /** Runs before each push of a table with the states about to be sent. */
  beforePush?: (name: SyncTable, docs: Record<string, unknown>[]) => Promise<void>;
}): TableReplications {
  const { db, retryMs } = options;
  const replications = {} as SyncHandle['replications'];
  const subscriptions: { unsubscribe(): void }[] = [];

  // A failed pull or push is retried after `retryTime`; while the server does not answer that
  // wait doubles (5 s up to 60 s) per table, and an answer or the `online` event resets it.
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
    replications[name] = tableEngine({
      name,
      collection: db.collections[name],
      http: options.http,
      records: options.records,
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
      },
      onNotice: options.onNotice,
      // Seed 665 of the randomized test: a rotation pushed after a restore, by a device whose
      // rotations had pulled nothing past the restore point, was taken, and its stamp on the
      // settings made the server refuse the settings the device then gave back. With the
      // furthest position of any table, that push is refused and the device gives back first.
      pulledTo: () => furthestPulled(options.names.map((other) => replications[other]?.pulledTo() ?? null)),
      onRefused: () => options.names.forEach((other) => replications[other]?.pullNow()),
      // The household's settings exist on the server from its start; a device that has not
      // pulled them yet shows (and edits) its defaults (db/ops/settings.ts).
      madeFrom: name === 'settings' ? (doc) => defaultSettings(String(doc.id)) : undefined,
      beforePush: async (docs) => {
        // A toy goes up after the new lists it names (lists-first.ts, decision 008).
        if (name === 'toys') await listsPushedBefore(replications.lists, docs);
        await options.beforePush?.(name, docs);
      },
    });
    subscriptions.push(
      replications[name].active$.subscribe((isActive) => options.onActive(name, isActive)),
      db.collections[name].eventBulks$.subscribe(() => options.onChange()),
    );
  }
  // Only the tab that leads syncs (the others see its writes through the shared storage).
  let stopped = false;
  void db.waitForLeadership().then(() => {
    if (!stopped) for (const name of options.names) replications[name].start();
  });

  return {
    replications,
    resetBackOff: () => options.names.forEach(resetBackOff),
    unsubscribe: () => {
      stopped = true;
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}

/** The furthest of the tables' pull positions: the server's change clock is one for all tables. */
function furthestPulled(positions: (SyncCheckpoint | null)[]): SyncCheckpoint | null {
  return positions.reduce<SyncCheckpoint | null>((furthest, position) => (position && (!furthest || position.seq > furthest.seq) ? position : furthest), null);
}
