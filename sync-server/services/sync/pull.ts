import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { PullResponse, SyncCheckpoint, WireDoc } from '../../../shared/schemas/sync.js';
import type { AppDeps } from '../../context.js';
import type { DB } from '../../db/database.js';
import { asHouseholdId } from '../../db/schema.js';

import { judgeCheckpoint } from './epochs.js';
import { docsFromRows } from './stored-docs.js';
import type { PlanScope } from '../household/scope.js';

export type PullResult = PullResponse;

/**
 * The user's documents changed after `checkpoint`, in the stable order (seq, id), deleted ones
 * included. The checkpoint returned is the last document's; with none, the one given; both
 * in the latest server epoch. A checkpoint from a history this server no longer has answers
 * `reset` and no documents (epochs.ts).
 */
export async function pullChanges(
  deps: Pick<AppDeps, 'db'>,
  user: PlanScope,
  table: SyncTable,
  checkpoint: SyncCheckpoint | null,
  batchSize: number,
): Promise<PullResult> {
  const { db } = deps;
  const verdict = await judgeCheckpoint(deps, checkpoint);
  if (verdict.restoredFrom !== undefined) {
    return { documents: [], checkpoint: null, reset: { restoredFrom: verdict.restoredFrom } };
  }
  const found = await changesAfter(db, user, table, checkpoint, batchSize);
  const epoch = verdict.epoch ? { epoch: verdict.epoch } : {};
  // Nothing yet: the start position, in this epoch, so that a device that has just
  // reconverged holds a checkpoint the server accepts (RxDB keeps the old one on null).
  const position = found.checkpoint ?? { seq: 0, id: '' };
  return { documents: found.documents, checkpoint: { ...position, ...epoch } };
}

async function changesAfter(
  db: DB,
  user: PlanScope,
  table: SyncTable,
  checkpoint: SyncCheckpoint | null,
  batchSize: number,
): Promise<{ documents: WireDoc[]; checkpoint: SyncCheckpoint | null }> {
  const seq = checkpoint?.seq ?? -1;
  const id = checkpoint?.id ?? '';
  // Where each row stands in the change order: (seq, id); settings are keyed by household_id.
  let rows: (Record<string, unknown> & { seq: number; id?: string; household_id: string })[];

  if (table === 'settings') {
    // One row, keyed by household_id; its document id is the household id.
    rows = await db
      .selectFrom('settings')
      .selectAll()
      .where('household_id', '=', user.id)
      .where((eb) => eb.or([eb('seq', '>', seq), eb.and([eb('seq', '=', seq), eb('household_id', '>', asHouseholdId(id))])]))
      .execute();
  } else {
    rows = await db
      .selectFrom(table)
      .selectAll()
      .where('household_id', '=', user.id)
      .where((eb) => eb.or([eb('seq', '>', seq), eb.and([eb('seq', '=', seq), eb('id', '>', id)])]))
      .orderBy('seq')
      .orderBy('id')
      .limit(batchSize)
      .execute();
  }

  const last = rows.at(-1);
  return {
    // Every stored row maps to a document with its id and _deleted (stored-docs.ts).
    documents: docsFromRows(table, rows, user) as WireDoc[],
    checkpoint: last ? { seq: Number(last.seq), id: last.id ?? last.household_id } : checkpoint,
  };
}
