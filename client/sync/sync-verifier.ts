import type { SyncedTable } from './rx-types.js';
import type { SyncTable } from '../../shared/schemas/docs.js';
import type { SyncCheckpoint } from '../../shared/schemas/sync.js';
import type { HttpClient } from './http.js';
import { checkTable } from './sync-check.js';

// Runs the digest check (sync-check.ts) after every change, once things are quiet, and keeps
// `verified` true only while the last check of every collection passed with no change since.
// A difference is logged and, in the tab that replicates, repaired (push what the device
// holds, then pull everything); then checked again.

const REPAIR_PAUSE_MS = 10_000; // one repair per collection per pause: a repair never loops hot
const SAFETY_RETRY_MS = 1_000; // a due check that could not run is tried again this often

export type SyncVerifier = {
  /** Something changed (a local write, a pull, a reconnect): "Synced" must be earned again. */
  changed(): void;
  /** Conditions changed (idle again, nothing waiting): check soon if a check is due. */
  poke(): void;
  stop(): void;
};

type VerifierOptions = Parameters<typeof syncVerifier>[0];

/**
 * Checks each collection in turn: the delay before the next run, or null when every one agrees.
 * `current`: no change came since the run began (else its answers are stale: run again).
 */
async function checkEach(options: VerifierOptions, lastRepair: Map<SyncTable, number>, current: () => boolean): Promise<number | null> {
  for (const name of options.names) {
    const result = await checkTable({ name, collection: options.tableOf(name), pulledTo: () => options.pulledTo(name), http: options.http, waiting: () => options.waitingIn(name) });
    if (!current()) return 50;
    // The push, once acknowledged, pokes again; the slow retry covers a poke that never comes.
    if (result.verdict === 'waiting') return SAFETY_RETRY_MS;
    if (result.verdict === 'behind') {
      if (options.isLeader()) options.resync(name);
      return 300;
    }
    if (result.verdict === 'differs') {
      options.log(
        `[sync] ${name}: the device (${result.local.count} documents, ${result.local.hash}) and the server ` +
          `(${result.server.count}, ${result.server.hash}) differ; ${options.isLeader() ? 'repairing' : 'the replicating tab repairs'}`,
      );
      const last = lastRepair.get(name) ?? -Infinity;
      if (!options.isLeader() || Date.now() - last <= REPAIR_PAUSE_MS) return 2000;
      lastRepair.set(name, Date.now());
      await options.repair(name);
      return 300;
    }
  }
  return null;
}

export function syncVerifier(options: {
  names: SyncTable[];
  tableOf: (name: SyncTable) => SyncedTable;
  /** Where the table's pulls stand (the sync records, the same in every tab). */
  pulledTo: (name: SyncTable) => Promise<SyncCheckpoint | null>;
  waitingIn: (name: SyncTable) => number;
  http: HttpClient;
  /** This tab may check now (signed in, online, its replication idle). */
  canCheck: () => boolean;
  /** This tab replicates, so it may pull and repair. */
  isLeader: () => boolean;
  resync: (name: SyncTable) => void;
  repair: (name: SyncTable) => Promise<void>;
  onVerified: (verified: boolean) => void;
  onError: (error: unknown) => void;
  log: (line: string) => void;
}): SyncVerifier {
  let generation = 0;
  let verified = false;
  let due = true;
  let running = false;
  let rerun = false; // asked to run while running: run again afterwards
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lastRepair = new Map<SyncTable, number>();

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
  }

  function set(value: boolean): void {
    if (verified === value) return;
    verified = value;
    options.onVerified(value);
  }

  async function run(): Promise<void> {
    if (running) {
      rerun = true;
      return;
    }
    if (stopped || !due) return;
    // Not now (offline, signed out, replicating): a poke brings the check back, and so does this
    // slow retry, so a missed poke can never leave the status short of "Synced" for good.
    if (!options.canCheck()) return schedule(SAFETY_RETRY_MS);
    running = true;
    rerun = false;
    const started = generation;
    try {
      const next = await checkEach(options, lastRepair, () => !stopped && started === generation);
      if (next !== null) return schedule(next);
      if (started === generation) {
        due = false;
        set(true);
      }
    } catch (error) {
      options.onError(error);
      schedule(5000);
    } finally {
      running = false;
      if (rerun) schedule(50);
    }
  }

  return {
    changed() {
      generation++;
      due = true;
      set(false);
      schedule(100);
    },
    poke() {
      if (due) schedule(50);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
