import { getChangedDocumentsSince } from 'rxdb';
import { sameValue } from './protocol-fields.js';
import type { SyncRecords } from './engine/sync-records.js';
import { serverShape } from './engine/local-docs.js';
import type { SyncedTable } from './rx-types.js';

// "Changes waiting" (issue 9, fault 10) is derived from persistent truth: a document waits
// while its local state differs from the state last agreed with the server (its base in the
// sync records, engine/sync-records.ts). That survives reloads,
// is the same in every tab (each tab reads the same IndexedDB), and never counts a document
// whose data already equals the server's. Only pending documents can stop pending, so after
// the first full scan only local writes and the pending set itself are rechecked.

export type PendingChanges = {
  count(): number;
  /** Waiting documents of one table. */
  countOf(name: string): number;
  /** Ids of the waiting documents of one table. */
  idsOf(name: string): string[];
  /** Rechecks what is waiting now (after the sync went idle, say). */
  recheck(): Promise<void>;
  close(): Promise<void>;
};

type Tracked = { name: string; collection: SyncedTable; pending: Set<string> };

export function trackPendingChanges(options: {
  tables: Record<string, SyncedTable>;
  records: SyncRecords;
  onChange: (count: number) => void;
  pollMs?: number;
}): PendingChanges & { ready: Promise<void> } {
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
    const [local, records] = await Promise.all([t.collection.storageInstance.findDocumentsById(ids, true), options.records.recordsOf(t.name, ids)]);
    const waiting = new Set<string>();
    for (const doc of local) {
      const id = String(doc.id);
      if (!sameValue(serverShape(doc as Record<string, unknown>), records.get(id)?.base)) waiting.add(id);
    }
    for (const id of ids) {
      if (waiting.has(id)) t.pending.add(id);
      else t.pending.delete(id);
    }
  }

  async function scanAll(t: Tracked): Promise<void> {
    let checkpoint: unknown;
    for (;;) {
      const batch = await getChangedDocumentsSince(t.collection.storageInstance, 500, checkpoint);
      if (batch.documents.length === 0) return;
      checkpoint = batch.checkpoint;
      await check(t, batch.documents.map((doc) => String(doc.id)));
    }
  }

  const ready = (async () => {
    for (const [name, collection] of Object.entries(options.tables)) {
      const t: Tracked = { name, collection, pending: new Set() };
      tracked.set(name, t);
      // Local writes in any tab (RxDB forwards other tabs' events); the sync's own writes
      // change nothing that waits, but checking them is cheap and keeps this simple.
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

  // The tab that syncs also rechecks when it goes idle; other tabs learn of pushes only from
  // the shared records, so every tab looks again while something waits.
  const timer = setInterval(() => {
    if (count() > 0) void recheck().catch(() => {});
  }, options.pollMs ?? 1000);

  return {
    ready,
    count,
    countOf: (name) => tracked.get(name)?.pending.size ?? 0,
    idsOf: (name) => [...(tracked.get(name)?.pending ?? [])],
    recheck,
    async close() {
      closed = true;
      clearInterval(timer);
      subscriptions.forEach((s) => s.unsubscribe());
      await ready.catch(() => {});
    },
  };
}
