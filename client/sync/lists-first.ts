import type { TableEngine } from './engine/table-engine.js';

// A device's categories and collections reach the server before its toys that name them
// (decision 008). Each table syncs on its own, and the server files a toy that names a list it
// holds deleted under Uncategorized (or drops the collection) for good; yet that list may be
// one this device made again under its name-derived id (listIdFor), which comes back only with
// the lists push. So a toys push waits while a list it names has a local change the server has
// not acknowledged.

/** How often the toys push looks again while a list it names waits. */
const RECHECK_MS = 100;
/**
 * Failed lists requests a toys push waits through before it goes anyway: a lists push that
 * keeps failing must not hold every toy edit back (offline, the toys push then fails too and
 * is retried, waiting here again).
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
export async function listsPushedBefore(lists: TableEngine | undefined, toys: Record<string, unknown>[]): Promise<void> {
  const ids = namedLists(toys);
  if (!lists || ids.length === 0) return;
  let failures = 0;
  const subscription = lists.error$.subscribe(() => failures++);
  try {
    // A list made just before the toy may not be in the lists engine's records yet (its change
    // event, or the engine's first load, still queued): wait until it has seen what was written.
    await lists.caughtUp();
    for (;;) {
      // Stopped: nothing more may be sent (the toys push then fails and stays waiting).
      if (lists.isStopped()) throw new Error('Sync stopped while the toys push waited for the lists push');
      const waiting = new Set(lists.waitingIds());
      if (!ids.some((id) => waiting.has(id))) return;
      if (failures >= LIST_FAILURES_WAITED) return;
      await new Promise((resolve) => setTimeout(resolve, RECHECK_MS));
    }
  } finally {
    subscription.unsubscribe();
  }
}
