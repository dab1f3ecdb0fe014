import { SYNC_TABLES, type SyncTable } from '../../shared/schemas/docs.js';
import { SYNC_MAX_BATCH } from '../../shared/schemas/sync.js';
import type { ToyDatabase } from '../db/database.js';
import type { SyncHandle, SyncOptions } from './sync-types.js';
import { AuthError, createHttpClient, HouseholdLeftError, OfflineError, type HttpClient } from './http.js';
import { replicateTables } from './table-replications.js';
import { liveStream } from './live-stream.js';
import { offlineAwareFetch } from './offline-wait.js';
import { trackPendingChanges, type PendingChanges } from './pending-changes.js';
import { photoSync } from './photo-sync.js';
import { pendingPhotos } from './photos.js';
import { openSyncRecords, type SyncRecords } from './engine/sync-records.js';
import { handIn, type HandInResult } from './hand-in.js';
import { resendEverything } from './reconverge.js';
import { syncLifecycle } from './sync-lifecycle.js';
import { statusBoard, type StatusBoard } from './status-board.js';
import { syncVerifier, type SyncVerifier } from './sync-verifier.js';

export type { HouseholdLeftInfo, SyncHandle, SyncOptions, SyncState, SyncStatus } from './sync-types.js';

/**
 * Syncs the user's database with the server: one sync engine per table
 * (table-replications.ts, engine/table-engine.ts), one live change stream, the photo upload queue, and a status
 * for the app to show. Call it with the stored token after sign-in; on a 401 it pauses
 * ('paused-auth') until resume() (sync-lifecycle.ts: leader, online, pause, stop).
 * The status is decided by syncStatus() (sync-state.ts) from facts gathered on the status board
 * (status-board.ts): what waits (pending-changes.ts, persistent and shared by tabs) and the
 * digest check (sync-verifier.ts).
 */
export function startSync(db: ToyDatabase, options: SyncOptions): SyncHandle {
  return new SyncWiring(db, options).handle();
}

type Collections = ReturnType<typeof replicateTables>;
type Photos = ReturnType<typeof photoSync>;
type Stream = ReturnType<typeof liveStream>;
type Lifecycle = ReturnType<typeof syncLifecycle>;

/**
 * The parts of one database's sync and the wires between them. Each part is made in turn; the
 * callbacks that reach a part made later (a failed request pausing the lifecycle) run only once
 * sync is under way, after the constructor.
 */
class SyncWiring {
  private readonly http: HttpClient;
  private readonly fetchImpl: typeof fetch;
  private readonly retryMs: number;
  private readonly names: SyncTable[];
  private readonly records: SyncRecords;
  private readonly board: StatusBoard;
  private readonly collections: Collections;
  private readonly tracker: PendingChanges;
  private readonly checks: SyncVerifier;
  private readonly photos: Photos;
  private readonly stream: Stream;
  private readonly lifecycle: Lifecycle;

  constructor(
    private readonly db: ToyDatabase,
    private readonly options: SyncOptions,
  ) {
    // Nothing is sent while the browser says it is offline; the `online` event restarts it (sync-lifecycle.ts).
    this.fetchImpl = offlineAwareFetch(options.fetch ?? globalThis.fetch.bind(globalThis));
    this.retryMs = options.retryMs ?? 5000;
    this.http = createHttpClient({ baseUrl: options.baseUrl ?? '', getToken: options.getToken, fetch: this.fetchImpl });
    this.board = statusBoard();
    this.records = openSyncRecords(db.name);
    // Every collection the database has (tests may open fewer, to stay under RxDB's limit).
    this.names = SYNC_TABLES.filter((name) => name in db.collections);
    this.collections = this.engines();
    this.tracker = this.pendingChanges();
    this.checks = this.verifier();
    this.board.onEmit = () => this.checks.poke();
    this.photos = this.photoQueue();
    this.stream = this.liveChanges();
    this.lifecycle = syncLifecycle({
      facts: this.board.facts,
      waitForLeadership: () => db.waitForLeadership(),
      stream: this.stream,
      replications: () => Object.values(this.collections.replications),
      emit: () => this.board.emit(),
      onBackOnline: () => this.collections.resetBackOff(),
      onReconnect: () => this.checks.changed(),
    });
    this.board.emit();
  }

  /** A failed request: the household left, a sign-in needed, or the network gone. */
  private readonly noteFailure = (error: unknown): void => {
    if (error instanceof HouseholdLeftError) this.stopForLeft(error.message);
    else if (error instanceof AuthError) this.lifecycle.pauseForAuth();
    else if (error instanceof OfflineError) this.board.markOffline();
  };

  private engines(): Collections {
    const { board } = this;
    return replicateTables({
      db: this.db,
      names: this.names,
      http: this.http,
      records: this.records,
      retryMs: this.retryMs,
      batchSize: this.options.batchSize ?? SYNC_MAX_BATCH,
      onSuccess: () => board.succeeded(),
      onFailure: this.noteFailure,
      onNotice: (message) => board.notice(message),
      onActive: (name, isActive) => {
        board.active[name] = isActive;
        // Made after the engines, whose first events can come before it exists.
        if (!isActive) void this.tracker?.recheck().catch(() => {});
        board.emit();
      },
      onChange: () => this.checks?.changed(),
      beforePush: (name, docs) => (name === 'toys' ? this.uploadReferencedPhotos(docs) : Promise.resolve()),
    });
  }

  /**
   * A toy goes up after the photo it points at: the server refuses a toy whose photo id only
   * another household holds (decision 010), which two families picking the same picture hit
   * until the upload landed. Offline, the upload stops at once and so does the push.
   */
  private async uploadReferencedPhotos(docs: Record<string, unknown>[]): Promise<void> {
    const ids = new Set(docs.filter((doc) => !doc._deleted).map((doc) => doc.mediaId).filter((id): id is string => typeof id === 'string'));
    if (ids.size === 0) return;
    const queued = await pendingPhotos(this.db.householdId);
    if (queued.some((photo) => ids.has(photo.id))) await this.photos.upload();
  }

  private pendingChanges(): PendingChanges {
    return trackPendingChanges({
      tables: Object.fromEntries(this.names.map((name) => [name, this.db.collections[name]])),
      records: this.records,
      onChange: (count) => {
        this.board.facts.pendingDocs = count;
        this.board.emit();
      },
    });
  }

  private verifier(): SyncVerifier {
    const { board, db, http } = this;
    const replications = this.collections.replications;
    return syncVerifier({
      names: this.names,
      tableOf: (name) => db.collections[name],
      pulledTo: (name) => this.records.checkpointOf(name),
      waitingIn: (name) => this.tracker.countOf(name),
      // A check that answers proves the network is back (decision 015): after a failed request
      // while the live stream stayed open, nothing else may be due to reach the server, so the
      // check runs while the device only believes it is offline, and its answer clears that.
      http: {
        async request(path, init) {
          const response = await http.request(path, init);
          board.succeeded();
          return response;
        },
      },
      canCheck: () => !this.lifecycle.stopped && !board.facts.pausedAuth && !board.facts.browserOffline && !board.facts.busy,
      isLeader: () => board.facts.leader,
      resync: (name) => replications[name].pullNow(),
      async repair(name) {
        await resendEverything(db.collections[name], http, name, 0);
        replications[name].repullFromStart();
      },
      onVerified: (verified) => {
        board.facts.verified = verified;
        board.emit();
      },
      onError: this.noteFailure,
      log: this.options.log ?? ((line) => console.warn(line)),
    });
  }

  private photoQueue(): Photos {
    const { board } = this;
    return photoSync({
      userId: this.db.householdId,
      http: this.http,
      canUpload: () => board.facts.leader && !board.facts.pausedAuth && !this.lifecycle.stopped,
      onPending: (count) => {
        board.facts.pendingPhotos = count;
        board.emit();
      },
      onUploading: (on) => {
        board.uploading = on;
        board.emit();
      },
      onProgress: (upload) => {
        board.facts.upload = upload;
        board.emit();
      },
      onAuthError: () => this.lifecycle.pauseForAuth(),
      onLeft: (message) => this.stopForLeft(message),
      onNotice: (message) => board.notice(message),
    });
  }

  private liveChanges(): Stream {
    const replications = this.collections.replications;
    return liveStream({
      url: `${this.options.baseUrl ?? ''}/api/sync/stream`,
      fetch: this.fetchImpl,
      retryMs: this.retryMs,
      getToken: this.options.getToken,
      onOpen: () => {
        this.board.succeeded();
        for (const name of this.names) replications[name].pullNow(); // anything missed meanwhile
        this.checks.changed();
        void this.photos.upload();
      },
      onChange: (changed) => {
        for (const name of changed) replications[name]?.pullNow();
        this.options.onRemoteChange?.(changed);
      },
      onError: (kind, message) => {
        if (kind === 'left') this.stopForLeft(message);
        else if (kind === 'auth') this.lifecycle.pauseForAuth();
        else this.board.markOffline();
      },
    });
  }

  /**
   * Removed from the household, or left it on another device (issue 13): nothing more goes to or
   * comes from the server for this database; the app decides what happens to the local data.
   * What waits here is handed in first (hand-in.ts); the app hears how much could not be.
   */
  private readonly stopForLeft = (message: string): void => {
    if (!this.lifecycle.leave()) return;
    void (async () => {
      await this.tracker.recheck().catch(() => {});
      const result = this.board.facts.leader ? await this.handIn() : this.nothingHandedIn();
      this.options.onHouseholdLeft?.({ message, ...result });
    })();
  };

  private handIn(): Promise<HandInResult> {
    return handIn({
      names: this.names,
      tableOf: (name) => this.db.collections[name],
      waitingIds: (name) => this.tracker.idsOf(name),
      recordsOf: (name, ids) => this.records.recordsOf(name, ids),
      householdId: this.db.householdId,
      http: this.http,
    });
  }

  /** Another tab replicates: this one hands in nothing, and everything waiting stays here. */
  private nothingHandedIn(): HandInResult {
    return { sent: 0, unsent: this.tracker.count() + this.board.facts.pendingPhotos, handedIn: 0, refused: 0 };
  }

  private async stop(): Promise<void> {
    const replications = Object.values(this.collections.replications);
    this.lifecycle.stop();
    this.collections.unsubscribe();
    this.checks.stop();
    this.photos.stop();
    await Promise.all(replications.map((replication) => replication.cancel()));
    await this.tracker.close();
    this.records.close();
    this.board.status.complete();
  }

  handle(): SyncHandle {
    const { board, collections } = this;
    return {
      status$: board.status.asObservable(),
      getStatus: () => board.status.getValue(),
      subscribe(listener) {
        const subscription = board.status.subscribe(listener);
        return () => subscription.unsubscribe();
      },
      dismissError: () => board.notice(undefined),
      resume: () => this.lifecycle.resume(),
      stop: () => this.stop(),
      async awaitInSync() {
        await Promise.all(Object.values(collections.replications).map((replication) => replication.awaitInSync()));
      },
      awaitVerified: () => board.verifiedOnce(),
      uploadPhotos: () => this.photos.upload(),
      replications: collections.replications,
      householdLeft: this.stopForLeft,
    };
  }
}
