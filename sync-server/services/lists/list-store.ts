import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sameListName } from '../../../shared/domain/list-names.js';
import { UNCATEGORIZED_ID, type ListKind } from '../../../shared/schemas/docs.js';
import type { Database, ListRow } from '../../db/schema.js';
import { nextSeq } from '../change-feed.js';
import { insertDoc } from '../sync/stored-docs.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A user's live categories and collections, each in display order (Uncategorized first). */
export type UserLists = {
  categories: ListRow[];
  collections: ListRow[];
  categoryName(id: string): string;
  collectionName(id: string): string | undefined;
};

export async function loadLists(db: Db, userId: string): Promise<UserLists> {
  const rows = await db
    .selectFrom('lists')
    .selectAll()
    .where('user_id', '=', userId)
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
  userId: string,
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
  await insertDoc(trx, userId, 'lists', { id, kind, name, position, createdAt: now });
  return id;
}

export async function updateList(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  changes: { name?: string; position?: number; deleted?: number; merged_into?: string | null },
): Promise<void> {
  await trx
    .updateTable('lists')
    .set({ ...changes, seq: await nextSeq(trx) })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}
