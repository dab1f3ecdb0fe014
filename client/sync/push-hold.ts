// A hold on pushing a database's local changes while a multi-document write runs (an import,
// decision 020): the replication does not take up the writes until the hold ends, so the
// server sees all of them or, when the write is undone, none. RxDB has no transaction across
// collections; this keeps its upstream from starting a push mid-way instead.
//
// The replication runs in one tab (the leader) while the write may run in another, so the
// hold is a Web Lock (shared by the tabs of the origin). Where there are no Web Locks (Node
// in tests), it is a promise in this JavaScript realm.

const lockName = (databaseName: string) => `toy-rotation-push-hold:${databaseName}`;

const localHolds = new Map<string, Promise<unknown>>();

function webLocks(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

/** Runs `work` with pushes of `databaseName` held; they resume when it settles (either way). */
export async function holdPushesWhile<T>(databaseName: string, work: () => Promise<T>): Promise<T> {
  const locks = webLocks();
  if (locks) return locks.request(lockName(databaseName), { mode: 'exclusive' }, work);
  const before = localHolds.get(databaseName) ?? Promise.resolve();
  const running = before.then(work, work);
  const settled = running.catch(() => undefined);
  localHolds.set(databaseName, settled);
  void settled.then(() => {
    if (localHolds.get(databaseName) === settled) localHolds.delete(databaseName);
  });
  return running;
}

/** Resolves at once, or when the hold on `databaseName` ends (the replication waits on it before a push). */
export async function pushesReleased(databaseName: string): Promise<void> {
  const locks = webLocks();
  if (locks) {
    await locks.request(lockName(databaseName), { mode: 'shared' }, () => undefined);
    return;
  }
  await localHolds.get(databaseName);
}
