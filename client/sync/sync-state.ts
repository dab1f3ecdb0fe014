import type { SyncState, SyncStatus } from './sync-types.js';

/** Everything the status is made of; start-sync.ts gathers it, syncStatus() decides. */
export type SyncFacts = {
  pausedAuth: boolean;
  /** A request or the stream failed for want of a network. */
  offline: boolean;
  /** navigator.onLine === false (a non-leader tab makes few requests of its own). */
  browserOffline: boolean;
  /** This tab replicates (RxDB leader election). */
  leader: boolean;
  /** A replication or a photo upload is running in this tab. */
  busy: boolean;
  /** Local changes the server has not acknowledged (persistent: pending-changes.ts). */
  pendingDocs: number;
  pendingPhotos: number;
  /** Every collection's digest matched the server's since the last change (sync-check.ts). */
  verified: boolean;
  notice?: string;
  upload?: SyncStatus['upload'];
};

/**
 * The status the app shows. "online" (shown as Synced) is a promise, so it needs a digest
 * check that passed since the last change and nothing waiting; until then it is "syncing".
 */
export function syncStatus(facts: SyncFacts, now: number, previous: SyncStatus | null): SyncStatus {
  const state: SyncState = facts.pausedAuth
    ? 'paused-auth'
    : facts.offline || (!facts.leader && facts.browserOffline)
      ? 'offline'
      : facts.busy || facts.pendingDocs + facts.pendingPhotos > 0 || !facts.verified
        ? 'syncing'
        : 'online';
  const status: SyncStatus = {
    state,
    pending: facts.pendingDocs + facts.pendingPhotos,
    lastSyncedAt: state === 'online' ? now : (previous?.lastSyncedAt ?? null),
  };
  if (facts.notice) status.error = facts.notice;
  if (facts.upload) status.upload = facts.upload;
  return status;
}
