import type { Kysely, Transaction } from 'kysely';
import { UNCATEGORIZED_ID } from '../../../shared/schemas/docs.js';
import type { Database, ToyRow, ToyUpdate } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { currentActor } from '../../lib/actor.js';
import { nextSeq } from '../change-feed.js';
import { parseIds } from '../sync/row-mapping.js';

type Db = Kysely<Database> | Transaction<Database>;

export const TOY_NOT_FOUND = 'That toy was not found.';

/** This user's toys that are not (soft-)deleted: the only toys REST calls may see. */
function liveToys(db: Db, userId: string) {
  return db.selectFrom('toys').selectAll().where('user_id', '=', userId).where('deleted', '=', 0);
}

/** A live toy of this user; another user's toy, a deleted one or a made-up id: 404. */
export async function findToy(db: Db, userId: string, id: string): Promise<ToyRow> {
  const row = await liveToys(db, userId).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TOY_NOT_FOUND);
  return row;
}

/** The live toys of this user among `ids` (in no particular order; missing ones left out). */
export async function findToys(db: Db, userId: string, ids: string[]): Promise<ToyRow[]> {
  return ids.length === 0 ? [] : liveToys(db, userId).where('id', 'in', ids).execute();
}

/** Newest first. The active inventory by default; `retired: true` lists the retired toys instead. */
export async function listToyRows(db: Db, userId: string, options: { retired?: boolean } = {}): Promise<ToyRow[]> {
  return liveToys(db, userId)
    .where('retired', '=', options.retired ? 1 : 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Counts the active toys (retired ones leave the inventory and the plan's count, decision 018). */
export async function countToys(db: Db, userId: string, where: { excluded?: boolean; favorite?: boolean } = {}): Promise<number> {
  let query = db
    .selectFrom('toys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .where('retired', '=', 0);
  if (where.excluded !== undefined) query = query.where('excluded', '=', where.excluded ? 1 : 0);
  if (where.favorite !== undefined) query = query.where('favorite', '=', where.favorite ? 1 : 0);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Updates one toy and gives it the next change-clock value (and the acting user as updatedBy). */
export async function updateToyRow(trx: Transaction<Database>, userId: string, id: string, changes: ToyUpdate): Promise<void> {
  await trx
    .updateTable('toys')
    .set({ ...changes, updated_by: currentActor() ?? changes.updated_by, seq: await nextSeq(trx) })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .execute();
}

/** A removed category's toys go to Uncategorized (each toy a change of its own for sync). */
export async function moveToysToUncategorized(trx: Transaction<Database>, userId: string, categoryId: string): Promise<number> {
  const rows = await trx
    .selectFrom('toys')
    .select('id')
    .where('user_id', '=', userId)
    .where('category_id', '=', categoryId)
    .where('deleted', '=', 0)
    .execute();
  for (const row of rows) await updateToyRow(trx, userId, row.id, { category_id: UNCATEGORIZED_ID });
  return rows.length;
}

/** A removed collection is taken out of every toy's collection list. */
export async function removeCollectionFromToys(trx: Transaction<Database>, userId: string, collectionId: string): Promise<number> {
  // collection_ids is JSON text: match on the quoted id, then check exactly after parsing.
  const rows = await trx
    .selectFrom('toys')
    .select(['id', 'collection_ids'])
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .where('collection_ids', 'like', `%${JSON.stringify(collectionId)}%`)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const ids = parseIds(row.collection_ids);
    if (!ids.includes(collectionId)) continue;
    await updateToyRow(trx, userId, row.id, { collection_ids: JSON.stringify(ids.filter((id) => id !== collectionId)) });
    changed++;
  }
  return changed;
}

/**
 * A list merged into a same-named one (decision 008): its toys move to the survivor, a
 * category by `category_id`, a collection inside `collection_ids` (once).
 */
export async function moveToysToList(trx: Transaction<Database>, userId: string, kind: 'category' | 'collection', fromId: string, toId: string): Promise<number> {
  if (kind === 'category') {
    const rows = await trx.selectFrom('toys').select('id').where('user_id', '=', userId).where('category_id', '=', fromId).where('deleted', '=', 0).execute();
    for (const row of rows) await updateToyRow(trx, userId, row.id, { category_id: toId });
    return rows.length;
  }
  const rows = await trx
    .selectFrom('toys')
    .select(['id', 'collection_ids'])
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .where('collection_ids', 'like', `%${JSON.stringify(fromId)}%`)
    .execute();
  let changed = 0;
  for (const row of rows) {
    const ids = parseIds(row.collection_ids);
    if (!ids.includes(fromId)) continue;
    const next = [...new Set(ids.map((id) => (id === fromId ? toId : id)))];
    await updateToyRow(trx, userId, row.id, { collection_ids: JSON.stringify(next) });
    changed++;
  }
  return changed;
}
