import { liveQuery } from 'dexie';
import { BehaviorSubject } from 'rxjs';
import { SYNC_COLLECTIONS, type SyncCollection } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from '../db/database.js';
import type { SyncHandle, SyncOptions, SyncState, SyncStatus } from './sync-types.js';
import { openEventStream, type EventStreamHandle } from './event-stream.js';
import { AuthError, createHttpClient, OfflineError } from './http.js';
import { createPhotoUploader } from './photo-uploader.js';
import { photoStore } from './photos.js';
import { replicateCollection, type CollectionSync } from './replicate-collection.js';

export type { SyncHandle, SyncOptions, SyncState, SyncStatus } from './sync-types.js';

/**
 * Replicates the user's database with the server: one RxDB replication per collection, one
 * live change stream, the photo upload queue, and a status for the app to show. Call it with
 * the stored token after sign-in; on a 401 it pauses ('paused-auth') until resume().
 */
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
  // Only the leader tab replicates (RxDB leader election), so only it streams and uploads.
  let leader = false;

  function emit(): void {
    const busy = uploading || Object.values(active).some(Boolean);
    const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
    const state: SyncState = pausedAuth
      ? 'paused-auth'
      : offline || (!leader && browserOffline)
        ? 'offline'
        : leader && busy
          ? 'syncing'
          : 'online';
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

  const pullStreams = {} as Record<SyncCollection, CollectionSync['pullStream']>;
  const replications = {} as SyncHandle['replications'];

  // Every collection the database has (tests may open fewer, to stay under RxDB's limit).
  const names = SYNC_COLLECTIONS.filter((name) => name in db.collections);
  for (const name of names) {
    const collection = db.collections[name];
    const { replication, pullStream } = replicateCollection({
      name,
      collection,
      http,
      retryMs,
      batchSize: options.batchSize ?? 100,
      onSuccess: succeeded,
      onError: failed,
      onNotice: (message) => {
        notice = message;
        emit();
      },
    });
    pullStreams[name] = pullStream;
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
    if (pausedAuth || stopped || !leader) return;
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
    if (!leader || stopped) return;
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

  void db.waitForLeadership().then(() => {
    leader = true;
    openStream();
    emit();
  });
  // Back online: reconnect now rather than at the next retry (RxDB itself also listens).
  const onOnline = () => {
    if (leader && !pausedAuth && !stopped) openStream();
  };
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    window.addEventListener('online', onOnline);
    cleanups.push(() => window.removeEventListener('online', onOnline));
  }
  emit();

  return {
    status$: status.asObservable(),
    getStatus: () => status.getValue(),
    subscribe(listener) {
      const subscription = status.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    dismissError() {
      notice = undefined;
      emit();
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
