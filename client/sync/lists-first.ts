import type { SyncedTable, SyncedReplication } from './rx-types.js';
import { unpushedAmong } from './unpushed.js';

// A device's categories and collections reach the server before its toys that name them
// (decision 008). Each collection replicates on its own, and the server files a toy that names
// a list it holds deleted under Uncategorized (or drops the collection) for good; yet that list
// may be one this device made again under its name-derived id (listIdFor), which comes back
// only with the lists push. So a toys push waits while a list it names has a local write the
// server has not acknowledged.

/** How often the toys push looks again while a list it names waits. */
const RECHECK_MS = 100;
/**
 * Failed lists requests a toys push waits through before it goes anyway: a lists push that
 * keeps failing must not hold every toy edit back (offline, the toys push then fails too and
 * RxDB retries it, waiting here again).
 */
const LIST_FAILURES_WAITED = 2;

/** The list ids a batch of pushed toys names (deleted toys name none that matters). */
function namedLists(toys: Record<string, unknown>[]): string[] {
  const ids = new Set<string>();
  for (const toy of toys) {
    if (toy._deleted) continue;
    if (typeof toy.categoryId === 'string') ids.add(toy.categoryId);
    if (Array.isArray(toy.collectionIds)) for (const id of toy.collectionIds) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

/** Resolves once no list the toys name waits to be pushed (or the lists push keeps failing); rejects if sync stopped. */
export async function listsPushedBefore(
  lists: { replication: SyncedReplication; collection: SyncedTable } | undefined,
  toys: Record<string, unknown>[],
): Promise<void> {
  const ids = namedLists(toys);
  if (!lists || ids.length === 0) return;
  const { replication, collection } = lists;
  let failures = 0;
  const subscription = replication.error$.subscribe(() => failures++);
  try {
    for (;;) {
      // Stopped: nothing more may be sent (RxDB then ends the toys push without sending).
      if (replication.isStopped()) throw new Error('Sync stopped while the toys push waited for the lists push');
      const meta = replication.metaInstance; // set once the replication started
      if (meta && (await unpushedAmong(meta, collection, ids)).size === 0) return;
      if (failures >= LIST_FAILURES_WAITED) return;
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
    }
  } finally {
    subscription.unsubscribe();
  }
}
