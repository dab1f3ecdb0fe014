import type { Subscription } from 'rxjs';
import type { SyncedReplication } from './rx-types.js';

/**
 * The documents a pull must not write over, because their push is not settled yet (decision
 * 015, "A pull answered while a push is in flight"):
 * - a push on its way: the pull may carry the state from before it;
 * - a push whose request failed: the server may have stored it (the connection died with the
 *   answer) and RxDB sends the same rows again after its retry time. A pull in between brings
 *   the stored state, and if the parent meanwhile set the document back to RxDB's base, RxDB
 *   takes it for unchanged and writes the stored state over the parent's (seed 937);
 * - a push answered but not yet recorded by RxDB as the document's base: until then RxDB
 *   compares a pulled state with the older base.
 * RxDB holds back pulls while its upstream is busy, but not while its upstream resync (after
 * a reconnect) sends and retries, so this does not rely on that.
 * A pause ends RxDB's retries (a resume sends what changed again), so it empties the window.
 */
export type PushWindow = {
  /** RxDB is sending these documents. */
  sending(ids: string[]): void;
  /**
   * Acknowledged: in the window until RxDB records their base. Documents answered as
   * conflicts leave it at once (RxDB records no base for one edited during the round trip).
   */
  answered(ids: string[], conflicts: Set<string>): void;
  /** Every document in the window now. */
  snapshot(): Set<string>;
  /** Runs `then` once nothing waits for RxDB to record a base (at once if nothing does). */
  whenRecorded(then: () => void): void;
  stop(): void;
};

export function pushWindow(replication: () => SyncedReplication): PushWindow {
  const inFlight = new Set<string>();
  const unrecorded = new Set<string>();
  let waiting: (() => void)[] = [];
  let watching: Subscription[] = [];
  const settle = () => {
    if (unrecorded.size > 0) return;
    const run = waiting;
    waiting = [];
    run.forEach((then) => then());
  };
  // Lazily: RxDB makes its meta instance and internal state when the replication starts.
  const watch = () => {
    if (watching.length > 0) return;
    const state = replication().internalReplicationState;
    const meta = replication().metaInstance;
    if (!state || !meta) return;
    watching = [
      meta.changeStream().subscribe((bulk) => {
        for (const event of bulk.events) {
          const itemId = (event.documentData as { itemId?: string; isCheckpoint?: string }).itemId;
          if (itemId !== undefined) unrecorded.delete(itemId);
        }
        settle();
      }),
      state.events.canceled.subscribe((canceled) => {
        if (canceled) stop();
      }),
      state.events.paused.subscribe((paused) => {
        if (!paused) return;
        inFlight.clear();
        unrecorded.clear();
        settle();
      }),
    ];
  };
  function stop(): void {
    watching.forEach((subscription) => subscription.unsubscribe());
    watching = [];
    waiting = [];
  }
  return {
    sending(ids) {
      watch();
      for (const id of ids) {
        inFlight.add(id);
        unrecorded.delete(id);
      }
    },
    answered(ids, conflicts) {
      for (const id of ids) {
        inFlight.delete(id);
        if (!conflicts.has(id)) unrecorded.add(id);
      }
    },
    snapshot: () => new Set([...inFlight, ...unrecorded]),
    whenRecorded(then) {
      waiting.push(then);
      settle();
    },
    stop,
  };
}
