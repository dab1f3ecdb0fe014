import type { LiveStream } from './live-stream.js';
import type { TableEngine } from './engine/table-engine.js';
import type { SyncFacts } from './sync-state.js';

// When this tab talks to the server. Only the tab that wins RxDB's leader election among the
// tabs replicates and holds the live stream; the browser's `online` event reconnects at once
// rather than at the next retry (RxDB itself also listens); a 401 pauses everything until
// resume() (sign-in or a renewed token); leaving the household and stop() end it for good.

export type SyncLifecycle = {
  readonly stopped: boolean;
  /** Opens (or reopens) the live stream, if this tab may talk to the server now. */
  openStream(): void;
  /** A 401: every replication pauses and the stream closes until resume(). */
  pauseForAuth(): void;
  /** After sign-in or token renewal: continues from where the 401 stopped it. */
  resume(): void;
  /** No longer a member of the household: paused for good. True the first time only. */
  leave(): boolean;
  /** Ends it: nothing more is sent, the stream closes, the listeners go. */
  stop(): void;
};

export function syncLifecycle(options: {
  /** `leader` and `pausedAuth` are set here; `notice` is cleared on resume. */
  facts: SyncFacts;
  waitForLeadership: () => Promise<unknown>;
  stream: LiveStream;
  replications: () => TableEngine[];
  /** The facts changed: recompute the status. */
  emit: () => void;
  /** The browser is back online, before the stream reopens (retry back-offs reset). */
  onBackOnline: () => void;
  /** Reconnected (online again, or resumed): anything may have changed meanwhile. */
  onReconnect: () => void;
}): SyncLifecycle {
  const { facts, stream, emit } = options;
  let stopped = false;
  let left = false;
  const cleanups: (() => void)[] = [];

  const openStream = () => {
    if (facts.leader && !stopped && !facts.pausedAuth) stream.open();
  };

  function pauseForAuth(): void {
    if (facts.pausedAuth || stopped) return;
    facts.pausedAuth = true;
    stream.close();
    // Paused, not cancelled: queued local writes stay in the local database and are pushed
    // on resume (a push the pause interrupts is sent again).
    for (const replication of options.replications()) void replication.pause();
    emit();
  }

  void options.waitForLeadership().then(() => {
    if (stopped) return;
    facts.leader = true;
    openStream();
    emit();
  });
  const onOnline = () => {
    options.onBackOnline();
    openStream();
    options.onReconnect();
  };
  if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', emit);
    cleanups.push(() => window.removeEventListener('online', onOnline));
    cleanups.push(() => window.removeEventListener('offline', emit));
  }

  return {
    get stopped() {
      return stopped;
    },
    openStream,
    pauseForAuth,
    resume() {
      if (stopped || left || !facts.pausedAuth) return;
      facts.pausedAuth = false;
      facts.notice = undefined;
      for (const replication of options.replications()) void replication.start();
      openStream();
      options.onReconnect();
      emit();
    },
    leave() {
      if (left || stopped) return false;
      left = true;
      pauseForAuth();
      return true;
    },
    stop() {
      stopped = true;
      stream.close();
      cleanups.forEach((cleanup) => cleanup());
    },
  };
}
