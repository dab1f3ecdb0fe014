import type { SyncedTable } from './rx-types.js';
import { getChangedDocumentsSince } from 'rxdb';
import type { SyncTable } from '../../shared/schemas/docs.js';
import { syncDigestSchema, type SyncCheckpoint } from '../../shared/schemas/sync.js';
import { readAnswer } from './answers.js';
import { tableDigest, type TableDigest } from '../../shared/sync/digest.js';
import type { HttpClient } from './http.js';
import { serverShape } from './engine/local-docs.js';

// "Synced" is checked, not assumed (issue 9, decision 007): the device compares the digest
// of what it holds with the server's. Only a device that has pulled up to the server's last
// change and has nothing waiting can be compared; otherwise it is simply not done yet.

export type CheckVerdict =
  | { verdict: 'synced' }
  | { verdict: 'behind' } // the server has changes this device has not pulled yet
  | { verdict: 'waiting' } // local changes not yet acknowledged
  | { verdict: 'differs'; local: TableDigest; server: TableDigest };

async function localDigest(collection: SyncedTable): Promise<TableDigest> {
  const docs: Record<string, unknown>[] = [];
  let checkpoint: { id: string; lwt: number } | undefined;
  for (;;) {
    const batch = await getChangedDocumentsSince(collection.storageInstance, 500, checkpoint);
    if (batch.documents.length === 0) break;
    checkpoint = batch.checkpoint as { id: string; lwt: number };
    for (const doc of batch.documents) docs.push(serverShape(doc as Record<string, unknown>));
  }
  return tableDigest(docs);
}

/** Same place in the change order; "nothing yet" is null or { seq: 0, id: '' }. */
function samePosition(a: SyncCheckpoint | null, b: SyncCheckpoint | null): boolean {
  const seqA = a?.seq ?? 0;
  const seqB = b?.seq ?? 0;
  return seqA === seqB && (a?.id ?? '') === (b?.id ?? '');
}

export async function checkTable(options: {
  name: SyncTable;
  collection: SyncedTable;
  /** Where the device's pulls stand. */
  pulledTo: () => Promise<SyncCheckpoint | null>;
  http: HttpClient;
  /** Documents of this collection waiting to be pushed. */
  waiting: () => number;
}): Promise<CheckVerdict> {
  if (options.waiting() > 0) return { verdict: 'waiting' };
  const response = await options.http.request(`/api/sync/${options.name}/digest`);
  const server = await readAnswer(response, syncDigestSchema);
  if (!samePosition(await options.pulledTo(), server.checkpoint)) return { verdict: 'behind' };
  const local = await localDigest(options.collection);
  if (options.waiting() > 0) return { verdict: 'waiting' };
  if (local.count === server.count && local.hash === server.hash) return { verdict: 'synced' };
  return { verdict: 'differs', local, server: { count: server.count, hash: server.hash } };
}
