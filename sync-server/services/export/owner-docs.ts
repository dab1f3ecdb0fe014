import type { Kysely, Transaction } from 'kysely';
import type { Plan } from '../../../shared/domain/plans.js';
import type { ExportDoc, ExportDocs } from '../../../shared/export/format.js';
import type { SyncTable } from '../../../shared/schemas/docs.js';
import { SYNC_TABLES } from '../../../shared/schemas/docs.js';
import type { Database, HouseholdId } from '../../db/schema.js';
import { listFromRow, rotationFromRow, settingsFromRow, toyFromRow } from '../sync/row-mapping.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * How each synced collection's live documents of one data owner are read, as the sync pull
 * maps them. A collection added to SYNC_TABLES must be added here (the Record type fails
 * the typecheck otherwise), so an export never leaves one out.
 */
const readers: Record<SyncTable, (db: Db, householdId: HouseholdId, plan: Plan) => Promise<ExportDoc[]>> = {
  toys: async (db, householdId) =>
    (await db.selectFrom('toys').selectAll().where('household_id', '=', householdId).where('deleted', '=', 0).execute()).map(toyFromRow),
  lists: async (db, householdId) =>
    (await db.selectFrom('lists').selectAll().where('household_id', '=', householdId).where('deleted', '=', 0).execute()).map(listFromRow),
  rotations: async (db, householdId) =>
    (await db.selectFrom('rotations').selectAll().where('household_id', '=', householdId).where('deleted', '=', 0).execute()).map(rotationFromRow),
  settings: async (db, householdId, plan) =>
    (await db.selectFrom('settings').selectAll().where('household_id', '=', householdId).execute()).map((row) => ({ ...settingsFromRow(row, plan), id: householdId })),
};

/** Every live document of every synced collection of the owner (replication fields dropped by the caller). */
export async function ownerDocs(db: Db, householdId: HouseholdId, plan: Plan): Promise<ExportDocs> {
  const out = {} as ExportDocs;
  for (const name of SYNC_TABLES) out[name] = await readers[name](db, householdId, plan);
  return out;
}

/** Every id the owner has used in each collection, deleted ones too (an import never reuses one). */
export async function ownerIds(db: Db, householdId: HouseholdId): Promise<Record<SyncTable, Set<string>>> {
  const out = {} as Record<SyncTable, Set<string>>;
  for (const name of SYNC_TABLES) {
    if (name === 'settings') {
      out[name] = new Set([householdId]);
      continue;
    }
    const rows = await db.selectFrom(name).select('id').where('household_id', '=', householdId).execute();
    out[name] = new Set(rows.map((row) => row.id));
  }
  return out;
}
