import { BehaviorSubject } from 'rxjs';
import { SYNC_TABLES } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from '../db/database.js';
import type { SyncHandle, SyncOptions, SyncStatus } from './sync-types.js';
import { AuthError, createHttpClient, HouseholdLeftError, OfflineError } from './http.js';
import { replicateTables } from './table-replications.js';
import { liveStream } from './live-stream.js';
import { offlineAwareFetch } from './offline-wait.js';
import { trackPendingChanges, type PendingChanges } from './pending-changes.js';
import { photoSync } from './photo-sync.js';
import { pendingPhotos } from './photos.js';
import { openPulledBases } from './pulled-bases.js';
import { handIn } from './hand-in.js';
import { resendEverything } from './reconverge.js';
import { syncLifecycle } from './sync-lifecycle.js';
import { syncStatus, type SyncFacts } from './sync-state.js';
import { syncVerifier, type SyncVerifier } from './sync-verifier.js';

export type { HouseholdLeftInfo, SyncHandle, SyncOptions, SyncState, SyncStatus } from './sync-types.js';

/**
 * Replicates the user's database with the server: one RxDB replication per collection
 * (table-replications.ts), one live change stream, the photo upload queue, and a status
 * for the app to show. Call it with the stored token after sign-in; on a 401 it pauses
 * ('paused-auth') until resume() (sync-lifecycle.ts: leader, online, pause, stop).
 * The status is decided by syncStatus() (sync-state.ts) from facts gathered here: what waits
 * (pending-changes.ts, persistent and shared by tabs) and the digest check (sync-verifier.ts).
 */
export function startSync(db: ToyDatabase, options: SyncOptions): SyncHandle {
  const baseUrl = options.baseUrl ?? '';
  // Nothing is sent while the browser says it is offline; the `online` event restarts it (sync-lifecycle.ts).
  const fetchImpl = offlineAwareFetch(options.fetch ?? globalThis.fetch.bind(globalThis));
  const retryMs = options.retryMs ?? 5000;
  const http = createHttpClient({ baseUrl, getToken: options.getToken, fetch: fetchImpl });

  const facts: SyncFacts = {
    pausedAuth: false, offline: false, browserOffline: false, leader: false, busy: false,
    pendingDocs: 0, pendingPhotos: 0, verified: false,
  };
  const status = new BehaviorSubject<SyncStatus>(syncStatus(facts, Date.now(), null));
  let uploading = false;
  const active: Record<string, boolean> = {};
  // Made once the replications exist (below); the replications' first events come earlier.
  const later: { pending?: PendingChanges; verifier?: SyncVerifier } = {};

  function emit(): void {
    facts.browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
    facts.busy = facts.leader && (uploading || Object.values(active).some(Boolean));
    if (!status.closed) status.next(syncStatus(facts, Date.now(), status.getValue()));
    later.verifier?.poke();
  }
  function markOffline(): void {
    if (facts.offline) return;
    facts.offline = true;
    emit();
  }
  function noteFailure(error: unknown): void {
    if (error instanceof HouseholdLeftError) stopForLeft(error.message);
    else if (error instanceof AuthError) lifecycle.pauseForAuth();
    else if (error instanceof OfflineError) markOffline();
  }
  function succeeded(): void {
    if (facts.offline) {
      facts.offline = false;
      emit();
    }
  }
  function notice(message: string | undefined): void {
    facts.notice = message;
    emit();
  }

  const bases = openPulledBases(db.name);
  // Every collection the database has (tests may open fewer, to stay under RxDB's limit).
  const names = SYNC_TABLES.filter((name) => name in db.collections);
  const collections = replicateTables({
    db,
    names,
    http,
    bases,
    retryMs,
    batchSize: options.batchSize ?? 100,
    onSuccess: succeeded,
    onFailure: noteFailure,
    onNotice: notice,
    onActive: (name, isActive) => {
      active[name] = isActive;
      if (!isActive) void later.pending?.recheck().catch(() => {});
      emit();
    },
    onChange: () => later.verifier?.changed(),
    beforePush: (name, docs) => (name === 'toys' ? uploadReferencedPhotos(docs) : Promise.resolve()),
  });
  const { syncs, replications } = collections;

  // A toy goes up after the photo it points at: the server refuses a toy whose photo id only
  // another household holds (decision 010), which two families picking the same picture hit
  // until the upload landed. Offline, the upload stops at once and so does the push.
  async function uploadReferencedPhotos(docs: Record<string, unknown>[]): Promise<void> {
    const ids = new Set(docs.filter((doc) => !doc._deleted).map((doc) => doc.mediaId).filter((id): id is string => typeof id === 'string'));
    if (ids.size === 0) return;
    const queued = await pendingPhotos(db.householdId);
    if (queued.some((photo) => ids.has(photo.id))) await photos.upload();
  }

  const tracker = trackPendingChanges({
    db,
    replications,
    onChange: (count) => {
      facts.pendingDocs = count;
      emit();
    },
  });
  later.pending = tracker;
  const checks = syncVerifier({
    names,
    tableOf: (name) => db.collections[name],
    metaOf: (name) => tracker.metaOf(name),
    waitingIn: (name) => tracker.countOf(name),
    // A check that answers proves the network is back (decision 015): after a failed request
    // while the live stream stayed open, nothing else may be due to reach the server, so the
    // check runs while the device only believes it is offline, and its answer clears that.
    http: {
      async request(path, init) {
        const response = await http.request(path, init);
        succeeded();
        return response;
      },
    },
    canCheck: () => !lifecycle.stopped && !facts.pausedAuth && !facts.browserOffline && !facts.busy,
    isLeader: () => facts.leader,
    resync: (name) => syncs[name].pullStream.next('RESYNC'),
    async repair(name) {
      await resendEverything(db.collections[name], http, name, 0);
      syncs[name].repullFromStart();
    },
    onVerified: (verified) => {
      facts.verified = verified;
      emit();
    },
    onError: noteFailure,
    log: options.log ?? ((line) => console.warn(line)),
  });
  later.verifier = checks;

  const photos = photoSync({
    userId: db.householdId,
    http,
    canUpload: () => facts.leader && !facts.pausedAuth && !lifecycle.stopped,
    onPending: (count) => {
      facts.pendingPhotos = count;
      emit();
    },
    onUploading: (on) => {
      uploading = on;
      emit();
    },
    onProgress: (upload) => {
      facts.upload = upload;
      emit();
    },
    onAuthError: () => lifecycle.pauseForAuth(),
    onLeft: (message) => stopForLeft(message),
    onNotice: notice,
  });

  const stream = liveStream({
    url: `${baseUrl}/api/sync/stream`,
    fetch: fetchImpl,
    retryMs,
    getToken: options.getToken,
    onOpen: () => {
      succeeded();
      for (const name of names) syncs[name].pullStream.next('RESYNC'); // anything missed meanwhile
      checks.changed();
      void photos.upload();
    },
    onChange: (changed) => {
      for (const name of changed) syncs[name]?.pullStream.next('RESYNC');
      options.onRemoteChange?.(changed);
    },
    onError: (kind, message) => {
      if (kind === 'left') stopForLeft(message);
      else if (kind === 'auth') lifecycle.pauseForAuth();
      else markOffline();
    },
  });

  const lifecycle = syncLifecycle({
    facts,
    waitForLeadership: () => db.waitForLeadership(),
    stream,
    replications: () => Object.values(replications),
    emit,
    onBackOnline: () => collections.resetBackOff(),
    onReconnect: () => checks.changed(),
  });

  // Removed from the household, or left it on another device (issue 13): nothing more goes to or
  // comes from the server for this database; the app decides what happens to the local data.
  // What waits here is handed in first (hand-in.ts); the app hears how much could not be.
  function stopForLeft(message: string): void {
    if (!lifecycle.leave()) return;
    void (async () => {
      await tracker.recheck().catch(() => {});
      const result = facts.leader
        ? await handIn({
            names,
            tableOf: (name) => db.collections[name],
            metaOf: (name) => tracker.metaOf(name),
            waitingIds: (name) => tracker.idsOf(name),
            baseOf: (name, locals) => bases.lookup(name, locals),
            householdId: db.householdId,
            http,
          })
        : { sent: 0, unsent: tracker.count() + facts.pendingPhotos, notices: [], refused: 0 };
      options.onHouseholdLeft?.({ message, ...result });
    })();
  }

  emit();

  return {
    status$: status.asObservable(),
    getStatus: () => status.getValue(),
    subscribe(listener) {
      const subscription = status.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    dismissError: () => notice(undefined),
    resume: () => lifecycle.resume(),
    async stop() {
      lifecycle.stop();
      collections.unsubscribe();
      checks.stop();
      photos.stop();
      await Promise.all(Object.values(replications).map((replication) => replication.cancel()));
      await tracker.close();
      bases.close();
      status.complete();
    },
    async awaitInSync() {
      await Promise.all(Object.values(replications).map((replication) => replication.awaitInSync()));
    },
    async awaitVerified() {
      if (status.getValue().state === 'online') return;
      await new Promise<void>((resolve, reject) => {
        const subscription = status.subscribe({
          next: (s) => {
            if (s.state !== 'online') return;
            queueMicrotask(() => subscription.unsubscribe());
            resolve();
          },
          complete: () => reject(new Error('Sync stopped before it was verified')),
        });
      });
    },
    uploadPhotos: () => photos.upload(),
    replications,
    householdLeft: stopForLeft,
  };
}
