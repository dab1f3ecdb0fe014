import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sameListName } from '../../../shared/domain/list-names.js';
import { UNCATEGORIZED_ID, type ListKind } from '../../../shared/schemas/docs.js';
import type { Database, ListRow, HouseholdId } from '../../db/schema.js';
import { createDoc, patchDoc, scopeOf } from '../replicated/apply.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A user's live categories and collections, each in display order (Uncategorized first). */
export type UserLists = {
  categories: ListRow[];
  collections: ListRow[];
  categoryName(id: string): string;
  collectionName(id: string): string | undefined;
};

export async function loadLists(db: Db, householdId: HouseholdId): Promise<UserLists> {
  const rows = await db
    .selectFrom('lists')
    .selectAll()
    .where('household_id', '=', householdId)
    .where('deleted', '=', 0)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const categories = rows.filter((row) => row.kind === 'category');
  // Uncategorized leads whatever position a synced client gave it.
  categories.sort((a, b) => Number(b.id === UNCATEGORIZED_ID) - Number(a.id === UNCATEGORIZED_ID));
  const collections = rows.filter((row) => row.kind === 'collection');
  const categoryNames = new Map(categories.map((row) => [row.id, row.name]));
  const collectionNames = new Map(collections.map((row) => [row.id, row.name]));
  const uncategorized = categoryNames.get(UNCATEGORIZED_ID) ?? 'Uncategorized';
  return {
    categories,
    collections,
    // A toy whose category is gone (e.g. deleted on another device) shows as Uncategorized.
    categoryName: (id) => categoryNames.get(id) ?? uncategorized,
    collectionName: (id) => collectionNames.get(id),
  };
}

/** Finds a list by name: the exact name first, else the same name by the shared rule. */
export function findByName(rows: readonly ListRow[], name: string): ListRow | undefined {
  const wanted = name.trim();
  return rows.find((row) => row.name === wanted) ?? rows.find((row) => sameListName(row.name, wanted));
}

export async function insertList(
  trx: Transaction<Database>,
  householdId: HouseholdId,
  kind: ListKind,
  name: string,
  position: number,
  now: number,
): Promise<string> {
  // A random id, not the device's name-derived one (listIdFor): that rule lets two OFFLINE
  // devices that add "Blocks" make one document. The server always sees its own lists, and a
  // device's offline "Blocks" that meets this one is merged by name after the push (name-clash.ts),
  // so a derived id would add no convergence; it would only make more documents whose id can
  // be made again after a delete, which createdAt must then tell apart (decision 008).
  const id = randomUUID();
  await createDoc(scopeOf(trx, householdId), 'lists', { id, kind, name, position, createdAt: now });
  return id;
}

/**
 * Renames, moves or deletes a list through the one write path (a deleted list's toys follow:
 * replicated/apply.ts). `mergedInto` records the survivor of a name merge (decision 008): a
 * server-side column, not part of the document, so it is set after the write.
 */
export async function updateList(
  trx: Transaction<Database>,
  householdId: HouseholdId,
  id: string,
  changes: { name?: string; position?: number; deleted?: true; mergedInto?: string },
): Promise<void> {
  const { mergedInto, deleted, ...fields } = changes;
  await patchDoc(scopeOf(trx, householdId), 'lists', id, { ...fields, ...(deleted ? { _deleted: true } : {}) });
  if (mergedInto !== undefined) await trx.updateTable('lists').set({ merged_into: mergedInto }).where('household_id', '=', householdId).where('id', '=', id).execute();
}
