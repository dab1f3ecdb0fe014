import type { Observable } from 'rxjs';
import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import type { Doc } from '../protocol-fields.js';
import { waiting } from '../protocol.js';
import type { SyncedTable } from '../rx-types.js';
import { handle } from './engine-effects.js';
import { engineRunner } from './engine-runner.js';
import type { TableEngineOptions } from './engine-types.js';

// One table's sync (decision 054): the protocol core (protocol.ts) decides, this feeds it
// events one at a time and carries out its effects: the records it keeps, the collection
// writes, the pull and push requests, the give-back after a server restore. Local writes (in
// any tab) reach it as change events; it reads the documents they name when their turn comes,
// so it never acts on a state older than the collection's.

export type TableEngine = {
  readonly name: SyncTable;
  readonly collection: SyncedTable;
  /** Something is running or queued. */
  readonly active$: Observable<boolean>;
  /** Every failed request (lists-first.ts counts them). */
  readonly error$: Observable<unknown>;
  /** How long a failed request waits before it is tried again. */
  retryTime: number;
  /** Begins (this tab leads) or continues after pause(). */
  start(): void;
  /** Nothing new is sent until start() (a 401). */
  pause(): void;
  cancel(): Promise<void>;
  isStopped(): boolean;
  /** Pull now (the live stream said the table changed, or reconnected). */
  pullNow(): void;
  /** A repair: the next pull starts from the beginning. */
  repullFromStart(): void;
  /** Resolves once nothing waits and the last pull saw the server's last change. */
  awaitInSync(): Promise<void>;
  /** Ids of the documents with a change the server has not acknowledged. */
  waitingIds(): string[];
  /**
   * Resolves once every event queued before the call is handled: the records are loaded and
   * every local change made so far is seen, so `waitingIds` tells the whole truth.
   */
  caughtUp(): Promise<void>;
  /** The last state agreed with the server, per document. */
  baseOf(id: string): Doc | undefined;
  /** Where this table's pulls stand (the digest check compares it with the server's). */
  pulledTo(): SyncCheckpoint | null;
};

export function tableEngine(options: TableEngineOptions): TableEngine {
  const { name, collection } = options;
  const runner = engineRunner(options, handle);
  return {
    name,
    collection,
    active$: runner.active$,
    error$: runner.error$,
    get retryTime() {
      return runner.retryTime;
    },
    set retryTime(ms: number) {
      runner.retryTime = ms;
    },
    start: () => runner.start(),
    pause: () => runner.pause(),
    cancel: () => runner.cancel(),
    isStopped: () => runner.stopped,
    pullNow: () => runner.enqueue({ type: 'pull' }),
    repullFromStart: () => runner.repullFromStart(),
    awaitInSync: () => runner.awaitInSync(),
    waitingIds: () => (runner.state ? Object.entries(runner.state.docs).filter(([, record]) => waiting(record)).map(([id]) => id) : []),
    caughtUp: () => runner.chain.then(() => undefined),
    baseOf: (id) => runner.state?.docs[id]?.base,
    pulledTo: () => runner.state?.checkpoint ?? null,
  };
}

