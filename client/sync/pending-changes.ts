import type { ReplicationMetaStorage, SyncedTable, SyncedReplication } from './rx-types.js';
import { getChangedDocumentsSince, type RxDatabase } from 'rxdb';
import { unpushedAmong } from './unpushed.js';

// "Changes waiting" (issue 9, fault 10) is derived from persistent truth: a document waits
// while its local state differs from the state the replication last agreed on with the server
// (RxDB's assumed master state, in the replication's meta storage). That survives reloads,
// is the same in every tab (each tab reads the same IndexedDB), and never counts a document
// whose data already equals the server's. Only pending documents can stop pending, so after
// the first full scan only local writes and the pending set itself are rechecked.

export type PendingChanges = {
  count(): number;
  /** Waiting documents of one collection. */
  countOf(name: string): number;
  /** Ids of the waiting documents of one collection. */
  idsOf(name: string): string[];
  /** Rechecks what is waiting now (after the replication went idle, say). */
  recheck(): Promise<void>;
  close(): Promise<void>;
};

/** What opening the meta storage needs of the database (any of the user's databases). */
type MetaHost = Pick<RxDatabase, 'storage' | 'name' | 'token' | 'multiInstance' | 'password'>;

type Tracked = { name: string; collection: SyncedTable; meta: ReplicationMetaStorage; pending: Set<string> };

/** The replication's meta storage, opened on its own so that every tab, leader or not, can read it. */
async function openReplicationMeta(db: MetaHost, replication: SyncedReplication) {
  const info = await replication.metaInfoPromise;
  return db.storage.createStorageInstance({
    databaseName: db.name,
    collectionName: info.collectionName,
    databaseInstanceToken: db.token,
    multiInstance: db.multiInstance,
    options: {},
    schema: info.schema,
    password: db.password,
    devMode: false,
  });
}

export function trackPendingChanges(options: {
  db: MetaHost;
  replications: Record<string, SyncedReplication>;
  onChange: (count: number) => void;
  pollMs?: number;
}): PendingChanges & { ready: Promise<void>; metaOf(name: string): ReplicationMetaStorage | undefined } {
  const tracked = new Map<string, Tracked>();
  const subscriptions: { unsubscribe(): void }[] = [];
  let closed = false;
  let last = -1;
  const count = () => [...tracked.values()].reduce((sum, t) => sum + t.pending.size, 0);
  const report = () => {
    const now = count();
    if (now !== last && !closed) {
      last = now;
      options.onChange(now);
    }
  };

  async function check(t: Tracked, ids: string[]): Promise<void> {
    if (closed || ids.length === 0) return;
    const waiting = await unpushedAmong(t.meta, t.collection, ids);
    for (const id of ids) {
      if (waiting.has(id)) t.pending.add(id);
      else t.pending.delete(id);
    }
  }

  async function scanAll(t: Tracked): Promise<void> {
    let checkpoint: { id: string; lwt: number } | undefined;
    for (;;) {
      const batch = await getChangedDocumentsSince(t.collection.storageInstance, 500, checkpoint);
      if (batch.documents.length === 0) return;
      checkpoint = batch.checkpoint as { id: string; lwt: number };
      await check(t, batch.documents.map((doc) => doc[t.collection.schema.primaryPath] as string));
    }
  }

  const ready = (async () => {
    for (const [name, replication] of Object.entries(options.replications)) {
      const collection = replication.collection as unknown as SyncedTable;
      const t: Tracked = { name, collection, meta: await openReplicationMeta(options.db, replication), pending: new Set() };
      tracked.set(name, t);
      // Local writes in any tab (RxDB forwards other tabs' events); the replication's own
      // writes change nothing that waits, but checking them is cheap and keeps this simple.
      subscriptions.push(
        collection.eventBulks$.subscribe((bulk) => {
          void check(t, bulk.events.map((event) => event.documentId)).then(report, () => {});
        }),
      );
      await scanAll(t);
    }
    report();
  })();

  async function recheck(): Promise<void> {
    await ready;
    for (const t of tracked.values()) await check(t, [...t.pending]);
    report();
  }

  // The tab that replicates also rechecks when it goes idle; other tabs learn of pushes only
  // from the shared meta storage, so every tab looks again while something waits.
  const timer = setInterval(() => {
    if (count() > 0) void recheck().catch(() => {});
  }, options.pollMs ?? 1000);

  return {
    ready,
    count,
    countOf: (name) => tracked.get(name)?.pending.size ?? 0,
    idsOf: (name) => [...(tracked.get(name)?.pending ?? [])],
    recheck,
    metaOf: (name) => tracked.get(name)?.meta,
    async close() {
      closed = true;
      clearInterval(timer);
      subscriptions.forEach((s) => s.unsubscribe());
      await ready.catch(() => {});
      await Promise.all([...tracked.values()].map((t) => t.meta.close()));
    },
  };
}
