import { CATEGORIES_CAP, type ExportDoc, type ExportDocs } from '../../../shared/export/format.js';
import type { ImportPlan, ImportTarget } from '../../../shared/export/import-plan.js';
import { SYNC_TABLES, type ListDoc, type RotationDoc, type SyncTable, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { modifyEach } from './bulk-write.js';
import { opError } from './errors.js';
import { getSettings, patchSettings } from './settings.js';

// Export and import on the device (decision 020): every live document of every synced table,
// and an import plan (shared/export/import-plan.ts) written all-or-nothing.

type AnyTable = {
  find(): { exec(): Promise<{ toMutableJSON(): unknown }[]> };
  bulkInsert(docs: unknown[]): Promise<{ error: { documentId: string }[] }>;
  bulkRemove(ids: string[]): Promise<unknown>;
  storageInstance: { findDocumentsById(ids: string[], withDeleted: boolean): Promise<{ id?: string }[]> };
  schema: { primaryPath: string };
};

function table(db: ToyDatabase, name: SyncTable): AnyTable | null {
  return (db.collections as Record<string, AnyTable | undefined>)[name] ?? null;
}

/** Every live document of every synced table (a table this device does not have yet is empty). */
export async function allLocalDocs(db: ToyDatabase): Promise<ExportDocs> {
  const out = {} as ExportDocs;
  for (const name of SYNC_TABLES) {
    const docs = (await table(db, name)?.find().exec()) ?? [];
    out[name] = docs.map((doc) => doc.toMutableJSON() as ExportDoc);
  }
  return out;
}

/** What an import is planned against: the live documents, the plan limits, and which of `candidateIds` were ever used here. */
export async function importTarget(db: ToyDatabase, candidateIds: Partial<Record<SyncTable, string[]>>): Promise<ImportTarget> {
  const docs = await allLocalDocs(db);
  const settings = await getSettings(db);
  const takenIds = {} as Record<SyncTable, Set<string>>;
  for (const name of SYNC_TABLES) {
    const ids = [...new Set(candidateIds[name] ?? [])];
    const found = ids.length > 0 ? ((await table(db, name)?.storageInstance.findDocumentsById(ids, true)) ?? []) : [];
    const primary = table(db, name)?.schema.primaryPath ?? 'id';
    takenIds[name] = new Set(found.map((doc) => String((doc as Record<string, unknown>)[primary])));
  }
  return {
    lists: docs.lists as unknown as ListDoc[],
    toys: docs.toys as unknown as ToyDoc[],
    rotations: docs.rotations as unknown as RotationDoc[],
    settings,
    takenIds,
    plan: settings.plan,
    toysLimit: settings.toysLimit,
    collectionsLimit: settings.collectionsLimit,
    categoriesLimit: CATEGORIES_CAP,
  };
}

/**
 * Writes a plan without problems, then runs `afterDocuments` (the caller stores the photos
 * there). All-or-nothing on this device: if a write or `afterDocuments` fails, what was
 * inserted is removed again and what was changed is set back, so nothing of the import stays.
 * The caller holds pushes meanwhile (client/sync/push-hold.ts), so sync sends the end state only.
 */
export async function applyImportPlan(db: ToyDatabase, plan: ImportPlan, afterDocuments: () => Promise<void> = async () => {}): Promise<void> {
  if (plan.problems.length > 0) throw opError('importHasProblems');
  const inserted: { name: SyncTable; ids: string[] }[] = [];
  const insert = async (name: SyncTable, docs: Record<string, unknown>[]) => {
    const target = table(db, name);
    if (!target || docs.length === 0) return;
    const result = await target.bulkInsert(docs);
    // Only what this import stored is undone: a document refused (its id arrived meanwhile) is someone's.
    const refused = new Set(result.error.map((error) => error.documentId));
    inserted.push({ name, ids: docs.map((doc) => String(doc.id)).filter((id) => !refused.has(id)) });
    if (result.error.length > 0) throw opError('importNotStored', { number: result.error.length, table: name });
  };
  // The toys the import changes, as they were before it (to set back if it fails).
  const before = new Map<string, Partial<ToyDoc>>();
  const settingsBefore = plan.settings ? await getSettings(db) : null;
  let settingsWritten = false;
  try {
    await insert('lists', plan.lists);
    await insert('toys', plan.toys.filter((toy) => toy.isNew).map((toy) => toy.doc));
    const changes = new Map(plan.toys.filter((toy) => !toy.isNew).map(({ doc: { id, createdAt: _createdAt, ...fields } }) => [id, fields]));
    const current = await db.toys.findByIds([...changes.keys()]).exec();
    if (current.size < changes.size) throw opError('importToyChanged');
    for (const doc of current.values()) {
      const { id: _id, createdAt: _createdAt, ...fields } = doc.toMutableJSON() as ToyDoc;
      before.set(doc.id, fields);
    }
    // One bulk write (bulk-write.ts), each over the toy's latest state.
    await modifyEach<ToyDoc>(db.toys, changes.keys(), (data) => ({ ...data, ...changes.get(data.id) }));
    await insert('rotations', plan.rotations);
    for (const [name, docs] of Object.entries(plan.others) as [SyncTable, ExportDoc[]][]) await insert(name, docs);
    if (plan.settings) {
      await patchSettings(db, plan.settings);
      settingsWritten = true;
    }
    await afterDocuments();
  } catch (error) {
    for (const { name, ids } of inserted.reverse()) await table(db, name)?.bulkRemove(ids);
    if (before.size > 0) {
      await modifyEach<ToyDoc>(db.toys, before.keys(), (data) => ({ ...data, ...before.get(data.id) }));
    }
    if (settingsWritten && settingsBefore && plan.settings) {
      const keys = Object.keys(plan.settings) as (keyof typeof plan.settings)[];
      await patchSettings(db, Object.fromEntries(keys.map((key) => [key, settingsBefore[key]])));
    }
    throw error;
  }
}
