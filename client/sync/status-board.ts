import { BehaviorSubject } from 'rxjs';
import type { SyncStatus } from './sync-types.js';
import { syncStatus, type SyncFacts } from './sync-state.js';

// The facts sync gathers about itself (what waits, the network, the digest check...) and the
// status shown from them (sync-state.ts decides it): each part of sync writes its facts here
// and emits; the app reads the status.

export type StatusBoard = {
  facts: SyncFacts;
  status: BehaviorSubject<SyncStatus>;
  /** Which engines are running or have work queued, by table. */
  active: Record<string, boolean>;
  /** A photo upload is running. */
  uploading: boolean;
  /** Runs after every emit (the digest check looks whether it is due). */
  onEmit?: () => void;
  emit(): void;
  /** A request failed for want of a network. */
  markOffline(): void;
  /** A request was answered: the network is back if it was gone. */
  succeeded(): void;
  /** A readable reason from the server (or none: dismissed). */
  notice(message: string | undefined): void;
  /** Resolves once the status is "online" (Synced); rejects if sync stops first. */
  verifiedOnce(): Promise<void>;
};

export function statusBoard(): StatusBoard {
  const facts: SyncFacts = {
    pausedAuth: false, offline: false, browserOffline: false, leader: false, busy: false,
    pendingDocs: 0, pendingPhotos: 0, verified: false,
  };
  const board: StatusBoard = {
    facts,
    status: new BehaviorSubject<SyncStatus>(syncStatus(facts, Date.now(), null)),
    active: {},
    uploading: false,
    emit() {
      facts.browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
      facts.busy = facts.leader && (board.uploading || Object.values(board.active).some(Boolean));
      if (!board.status.closed) board.status.next(syncStatus(facts, Date.now(), board.status.getValue()));
      board.onEmit?.();
    },
    markOffline() {
      if (facts.offline) return;
      facts.offline = true;
      board.emit();
    },
    succeeded() {
      if (!facts.offline) return;
      facts.offline = false;
      board.emit();
    },
    notice(message) {
      facts.notice = message;
      board.emit();
    },
    verifiedOnce() {
      if (board.status.getValue().state === 'online') return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const subscription = board.status.subscribe({
          next: (s) => {
            if (s.state !== 'online') return;
            queueMicrotask(() => subscription.unsubscribe());
            resolve();
          },
          complete: () => reject(new Error('Sync stopped before it was verified')),
        });
      });
    },
  };
  return board;
}
