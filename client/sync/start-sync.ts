import { liveQuery } from 'dexie';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import type { RxReplicationPullStreamItem } from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import { SYNC_COLLECTIONS, type SyncCollection } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from '../db/database.js';
import { openEventStream, type EventStreamHandle } from './event-stream.js';
import { AuthError, createHttpClient, OfflineError } from './http.js';
import { createPhotoUploader } from './photo-uploader.js';
import { photoStore } from './photos.js';
import { SYNC_NOTICE_HEADER, type SyncCheckpoint } from '../../shared/schemas/sync.js';

export type SyncState = 'online' | 'offline' | 'syncing' | 'paused-auth';

export type SyncStatus = {
  state: SyncState;
  /** Local changes not yet on the server, photo uploads included. */
  pending: number;
  lastSyncedAt: number | null;
  /** A message for the parent, e.g. a plan limit the server refused a change for. */
  error?: string;
  /** While photos upload: how many of this pass are done. */
  upload?: { total: number; done: number };
};

export type SyncOptions = {
  /** Default '' (same origin). Tests and the benchmark pass http://127.0.0.1:PORT. */
  baseUrl?: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
  /** How long to wait before retrying a failed request (default 5 s; tests use less). */
  retryMs?: number;
  batchSize?: number;
};

export type SyncHandle = {
  status$: Observable<SyncStatus>;
  getStatus(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** After sign-in or token renewal: continues from where the 401 stopped it. */
  resume(): void;
  stop(): Promise<void>;
  /** Resolves once everything local is on the server and everything remote is local. */
  awaitInSync(): Promise<void>;
  /** Starts a photo upload pass now (it also runs on start and whenever a photo is queued). */
  uploadPhotos(): Promise<void>;
  replications: Record<SyncCollection, RxReplicationState<any, SyncCheckpoint>>;
};

export function startSync(db: ToyDatabase, options: SyncOptions): SyncHandle {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const retryMs = options.retryMs ?? 5000;
  const http = createHttpClient({ baseUrl, getToken: options.getToken, fetch: fetchImpl });

  const status = new BehaviorSubject<SyncStatus>({ state: 'syncing', pending: 0, lastSyncedAt: null });
  let pausedAuth = false;
  let offline = false;
  let uploading = false;
  let pendingPhotoCount = 0;
  let notice: string | undefined;
  let upload: SyncStatus['upload'];
  const pendingDocs = new Set<string>();
  const active: Record<string, boolean> = {};
  const cleanups: (() => void)[] = [];
  let stream: EventStreamHandle | null = null;
  let stopped = false;

  function emit(): void {
    const busy = uploading || Object.values(active).some(Boolean);
    const state: SyncState = pausedAuth ? 'paused-auth' : offline ? 'offline' : busy ? 'syncing' : 'online';
    const prev = status.getValue();
    let lastSyncedAt = prev.lastSyncedAt;
    if (state === 'online' && pendingDocs.size === 0) lastSyncedAt = Date.now();
    const next: SyncStatus = { state, pending: pendingDocs.size + pendingPhotoCount, lastSyncedAt };
    if (notice) next.error = notice;
    if (upload) next.upload = upload;
    status.next(next);
  }

  function failed(error: unknown): never {
    if (error instanceof AuthError) pauseForAuth();
    else if (error instanceof OfflineError && !offline) {
      offline = true;
      emit();
    }
    throw error;
  }

  function succeeded(): void {
    if (offline) {
      offline = false;
      emit();
    }
  }

  const pullStreams = {} as Record<SyncCollection, Subject<RxReplicationPullStreamItem<any, SyncCheckpoint>>>;
  const replications = {} as SyncHandle['replications'];

  // Every collection the database has (tests may open fewer, to stay under RxDB's limit).
  const names = SYNC_COLLECTIONS.filter((name) => name in db.collections);
  for (const name of names) {
    const stream$ = new Subject<RxReplicationPullStreamItem<any, SyncCheckpoint>>();
    pullStreams[name] = stream$;
    const collection = db.collections[name];
    const replication = replicateRxCollection<any, SyncCheckpoint>({
      replicationIdentifier: `toy-rotation-sync-${name}`,
      collection,
      live: true,
      retryTime: retryMs,
      waitForLeadership: true,
      pull: {
        batchSize: options.batchSize ?? 100,
        stream$: stream$.asObservable(),
        handler: async (checkpoint, batchSize) => {
          const query = new URLSearchParams({ batchSize: String(batchSize) });
          if (checkpoint) query.set('checkpoint', JSON.stringify(checkpoint));
          try {
            const response = await http.request(`/api/sync/${name}/pull?${query}`);
            const body = (await response.json()) as { documents: any[]; checkpoint: SyncCheckpoint | null };
            succeeded();
            return { documents: body.documents, checkpoint: body.checkpoint ?? checkpoint };
          } catch (error) {
            return failed(error);
          }
        },
      },
      push: {
        batchSize: options.batchSize ?? 100,
        handler: async (rows) => {
          try {
            const response = await http.request(`/api/sync/${name}/push`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(rows),
            });
            const conflicts = (await response.json()) as any[];
            const refused = response.headers.get(SYNC_NOTICE_HEADER);
            notice = refused ? decodeURIComponent(refused) : notice;
            succeeded();
            return conflicts;
          } catch (error) {
            return failed(error);
          }
        },
      },
    });
    replications[name] = replication;

    // Pending: keys written locally (not by the replication itself) until pushed or resolved.
    const local = collection.eventBulks$.subscribe((bulk) => {
      if (bulk.context.startsWith('replication-')) return;
      for (const event of bulk.events) pendingDocs.add(`${name}:${event.documentId}`);
      emit();
    });
    const sent = replication.sent$.subscribe((doc) => {
      pendingDocs.delete(`${name}:${(doc as { id: string }).id}`);
      emit();
    });
    const conflicted = replication.conflict$.subscribe((conflict) => {
      pendingDocs.delete(`${name}:${(conflict.output as { id: string }).id}`);
      emit();
    });
    const activity = replication.active$.subscribe((isActive) => {
      active[name] = isActive;
      emit();
    });
    cleanups.push(() => [local, sent, conflicted, activity].forEach((s) => s.unsubscribe()));
  }

  const uploader = createPhotoUploader({
    userId: db.userId,
    http,
    onProgress: (progress) => {
      upload = progress.currentId ? { total: progress.total, done: progress.done } : undefined;
      emit();
    },
    onAuthError: pauseForAuth,
    onNotice: (message) => {
      notice = message;
      emit();
    },
  });
  async function uploadPhotos(): Promise<void> {
    if (pausedAuth || stopped) return;
    uploading = true;
    emit();
    try {
      await uploader.run();
    } finally {
      uploading = false;
      emit();
    }
  }
  const photoWatch = liveQuery(() => photoStore(db.userId).photos.where('status').equals('pending').count()).subscribe({
    next: (count) => {
      const grew = count > pendingPhotoCount;
      pendingPhotoCount = count;
      emit();
      if (grew) void uploadPhotos();
    },
    error: () => {},
  });
  cleanups.push(() => photoWatch.unsubscribe());

  function resyncAll(): void {
    for (const name of names) pullStreams[name].next('RESYNC');
  }

  function openStream(): void {
    stream?.close();
    stream = openEventStream({
      url: `${baseUrl}/api/sync/stream`,
      fetch: fetchImpl,
      retryMs,
      headers: () => {
        const token = options.getToken();
        return token ? { authorization: `Bearer ${token}` } : null;
      },
      onOpen: () => {
        succeeded();
        resyncAll(); // anything missed while disconnected
        void uploadPhotos();
      },
      onEvent: (event) => {
        if (event.event !== 'change') return;
        const { collections } = JSON.parse(event.data) as { collections: SyncCollection[] };
        for (const name of collections) pullStreams[name]?.next('RESYNC');
      },
      onError: (kind) => {
        if (kind === 'auth') pauseForAuth();
        else if (!offline) {
          offline = true;
          emit();
        }
      },
    });
  }

  function pauseForAuth(): void {
    if (pausedAuth || stopped) return;
    pausedAuth = true;
    stream?.close();
    stream = null;
    // Paused, not cancelled: queued local writes stay in the local database and are pushed
    // on resume (RxDB does not mark a batch as sent when a pause interrupts it).
    for (const replication of Object.values(replications)) void replication.pause();
    emit();
  }

  openStream();
  emit();

  return {
    status$: status.asObservable(),
    getStatus: () => status.getValue(),
    subscribe(listener) {
      const subscription = status.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    resume() {
      if (stopped || !pausedAuth) return;
      pausedAuth = false;
      notice = undefined;
      for (const replication of Object.values(replications)) void replication.start();
      openStream();
      emit();
    },
    async stop() {
      stopped = true;
      stream?.close();
      cleanups.forEach((cleanup) => cleanup());
      await Promise.all(Object.values(replications).map((replication) => replication.cancel()));
      status.complete();
    },
    async awaitInSync() {
      await Promise.all(Object.values(replications).map((replication) => replication.awaitInSync()));
    },
    uploadPhotos,
    replications,
  };
}
