import type { TableEngine } from './engine/table-engine.js';
import type { Observable } from 'rxjs';
import type { SyncTable } from '../../shared/schemas/docs.js';
import type { HandInResult } from './hand-in.js';

// The sync engine's public surface (startSync in start-sync.ts).

export type SyncState = 'online' | 'offline' | 'syncing' | 'paused-auth';

export type SyncStatus = {
  /** 'online' (Synced) only after a digest check passed since the last change (decision 007). */
  state: SyncState;
  /** Local changes the server has not acknowledged (persistent, the same in every tab), photo uploads included. */
  pending: number;
  lastSyncedAt: number | null;
  /** A message for the parent, e.g. a plan limit the server refused a change for. */
  error?: string;
  /** While photos upload: how many of this pass are done. */
  upload?: { total: number; done: number };
};

/** What happened to this device's waiting changes once the person was no longer a member. */
export type HouseholdLeftInfo = HandInResult & { message: string };

export type SyncOptions = {
  /** Default '' (same origin). Tests and the benchmark pass http://127.0.0.1:PORT. */
  baseUrl?: string;
  getToken: () => string | null;
  fetch?: typeof fetch;
  /** How long to wait before retrying a failed request (default 5 s; tests use less). */
  retryMs?: number;
  batchSize?: number;
  /**
   * 403 `household: "left"` on a sync request or the stream: the person is no longer a member of
   * the household this database holds. Sync stops for good; the app switches data (decision 017).
   */
  onHouseholdLeft?: (info: HouseholdLeftInfo) => void;
  /**
   * The live stream said these collections changed on the server. A settings change is also how
   * the server says the household's name or members changed (the Family screen asks again).
   */
  onRemoteChange?: (collections: SyncTable[]) => void;
  /** Where a failed digest check is reported (default console.warn). */
  log?: (line: string) => void;
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
  /** Resolves once the status is 'online': nothing waits and the digest check passed. */
  awaitVerified(): Promise<void>;
  /** Starts a photo upload pass now (it also runs on start and whenever a photo is queued). */
  uploadPhotos(): Promise<void>;
  replications: Record<SyncTable, TableEngine>;
  /** A REST call said the person is no longer a member: stop, hand in, report (onHouseholdLeft). */
  householdLeft(message: string): void;
};
