import type { Observable } from 'rxjs';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import type { SyncCollection } from '../../shared/schemas/docs.js';
import type { SyncCheckpoint } from '../../shared/schemas/sync.js';

// The sync engine's public surface (startSync in start-sync.ts).

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
  /** Clears `error` once the app has shown it. */
  dismissError(): void;
  stop(): Promise<void>;
  /** Resolves once everything local is on the server and everything remote is local. */
  awaitInSync(): Promise<void>;
  /** Starts a photo upload pass now (it also runs on start and whenever a photo is queued). */
  uploadPhotos(): Promise<void>;
  replications: Record<SyncCollection, RxReplicationState<any, SyncCheckpoint>>;
};
