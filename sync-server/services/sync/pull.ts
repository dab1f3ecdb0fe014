import type { SyncCollection } from '../../../shared/schemas/docs.js';
import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import type { DB } from '../../db/database.js';
import type { User } from '../../db/schema.js';
import { listFromRow, rotationFromRow, settingsFromRow, toyFromRow } from './row-mapping.js';

export type PullResult = { documents: Record<string, unknown>[]; checkpoint: SyncCheckpoint | null };

/**
 * The user's documents changed after `checkpoint`, in the stable order (seq, id), deleted ones
 * included. The checkpoint returned is the last document's; with none, the one given.
 */
export async function pullChanges(
  db: DB,
  user: User,
  collection: SyncCollection,
  checkpoint: SyncCheckpoint | null,
  batchSize: number,
): Promise<PullResult> {
  const seq = checkpoint?.seq ?? -1;
  const id = checkpoint?.id ?? '';
  let documents: (Record<string, unknown> & { id: string })[];
  let seqs: number[];

  if (collection === 'settings') {
    // One row, keyed by user_id; its document id is the user id.
    const rows = await db
      .selectFrom('settings')
      .selectAll()
      .where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('seq', '>', seq), eb.and([eb('seq', '=', seq), eb('user_id', '>', id)])]))
      .execute();
    documents = rows.map((row) => settingsFromRow(row, user.plan));
    seqs = rows.map((row) => Number(row.seq));
  } else {
    const rows = await db
      .selectFrom(collection)
      .selectAll()
      .where('user_id', '=', user.id)
      .where((eb) => eb.or([eb('seq', '>', seq), eb.and([eb('seq', '=', seq), eb('id', '>', id)])]))
      .orderBy('seq')
      .orderBy('id')
      .limit(batchSize)
      .execute();
    seqs = rows.map((row) => Number(row.seq));
    if (collection === 'toys') documents = (rows as Parameters<typeof toyFromRow>[0][]).map(toyFromRow);
    else if (collection === 'lists') documents = (rows as Parameters<typeof listFromRow>[0][]).map(listFromRow);
    else documents = (rows as Parameters<typeof rotationFromRow>[0][]).map(rotationFromRow);
  }

  const last = documents.length - 1;
  return {
    documents,
    checkpoint: last >= 0 ? { seq: seqs[last] as number, id: documents[last]!.id } : checkpoint,
  };
}
