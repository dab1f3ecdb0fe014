import type { Kysely, Transaction } from 'kysely';
import type { Plan } from '../../../shared/domain/plans.js';
import type { ExportDoc, ExportDocs } from '../../../shared/export/format.js';
import type { SyncTable } from '../../../shared/schemas/docs.js';
import { SYNC_TABLES } from '../../../shared/schemas/docs.js';
import type { Database } from '../../db/schema.js';
import { listFromRow, rotationFromRow, settingsFromRow, toyFromRow } from '../sync/row-mapping.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How each synced collection's live documents of one data owner are read, as the sync pull
 * maps them. A collection added to SYNC_TABLES must be added here (the Record type fails
 * the typecheck otherwise), so an export never leaves one out.
 */
const readers: Record<SyncTable, (db: Db, ownerId: string, plan: Plan) => Promise<ExportDoc[]>> = {
  toys: async (db, ownerId) =>
    (await db.selectFrom('toys').selectAll().where('user_id', '=', ownerId).where('deleted', '=', 0).execute()).map(toyFromRow),
  lists: async (db, ownerId) =>
    (await db.selectFrom('lists').selectAll().where('user_id', '=', ownerId).where('deleted', '=', 0).execute()).map(listFromRow),
  rotations: async (db, ownerId) =>
    (await db.selectFrom('rotations').selectAll().where('user_id', '=', ownerId).where('deleted', '=', 0).execute()).map(rotationFromRow),
  settings: async (db, ownerId, plan) =>
    (await db.selectFrom('settings').selectAll().where('user_id', '=', ownerId).execute()).map((row) => ({ ...settingsFromRow(row, plan), id: ownerId })),
};

/** Every live document of every synced collection of the owner (replication fields dropped by the caller). */
export async function ownerDocs(db: Db, ownerId: string, plan: Plan): Promise<ExportDocs> {
  const out = {} as ExportDocs;
  for (const name of SYNC_TABLES) out[name] = await readers[name](db, ownerId, plan);
  return out;
}

/** Every id the owner has used in each collection, deleted ones too (an import never reuses one). */
export async function ownerIds(db: Db, ownerId: string): Promise<Record<SyncTable, Set<string>>> {
  const out = {} as Record<SyncTable, Set<string>>;
  for (const name of SYNC_TABLES) {
    if (name === 'settings') {
      out[name] = new Set([ownerId]);
      continue;
    }
    const rows = await db.selectFrom(name).select('id').where('user_id', '=', ownerId).execute();
    out[name] = new Set(rows.map((row) => row.id));
  }
  return out;
}
