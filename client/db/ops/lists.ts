import { listIdFor, sameListName } from '../../../shared/domain/list-names.js';
import { collectionsLimitMessage } from '../../../shared/domain/plans.js';
import { listDocSchema, UNCATEGORIZED_ID, type ListDoc, type ListKind } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { newId, OpError } from './errors.js';
import { getSettings } from './settings.js';

async function liveLists(db: ToyDatabase, kind: ListKind): Promise<ListDoc[]> {
  const docs = await db.lists.find({ selector: { kind } }).exec();
  return docs.map((doc) => doc.toMutableJSON() as ListDoc).sort((a, b) => a.position - b.position || a.createdAt - b.createdAt);
}

/** Adds a category or collection; blank or duplicate names are ignored (null), as the spec says. */
export async function addList(db: ToyDatabase, kind: ListKind, name: string, now = Date.now()): Promise<ListDoc | null> {
  const trimmed = name.trim();
  const existing = await liveLists(db, kind);
  if (!trimmed || existing.some((list) => sameListName(list.name, trimmed))) return null;
  if (kind === 'collection') {
    const settings = await getSettings(db);
    if (existing.length >= settings.collectionsLimit) throw new OpError(collectionsLimitMessage(settings.plan));
  }
  let id = listIdFor(kind, trimmed);
  // findOne does not see deleted documents; a storage lookup does.
  const known = await db.lists.storageInstance.findDocumentsById([id], true);
  if (known.length > 0) id = newId();
  const position = existing.reduce((max, list) => Math.max(max, list.position), 0) + 1;
  const doc = listDocSchema.parse({ id, kind, name: trimmed, position, createdAt: now });
  await db.lists.insert(doc);
  return doc;
}

/** Renaming is one change of one document: toys reference lists by id. */
export async function renameList(db: ToyDatabase, id: string, name: string): Promise<boolean> {
  const trimmed = name.trim();
  if (id === UNCATEGORIZED_ID || !trimmed) return false;
  const doc = await db.lists.findOne(id).exec();
  if (!doc) return false;
  const siblings = await liveLists(db, doc.kind);
  if (siblings.some((list) => list.id !== id && sameListName(list.name, trimmed))) return false;
  await doc.incrementalPatch({ name: listDocSchema.shape.name.parse(trimmed) });
  return true;
}

/** Deletes a list: a category's toys move to Uncategorized; a collection leaves its toys. */
export async function deleteList(db: ToyDatabase, id: string): Promise<void> {
  if (id === UNCATEGORIZED_ID) return;
  const doc = await db.lists.findOne(id).exec();
  if (!doc) return;
  if (doc.kind === 'category') {
    const toys = await db.toys.find({ selector: { categoryId: id } }).exec();
    for (const toy of toys) await toy.incrementalPatch({ categoryId: UNCATEGORIZED_ID });
  } else {
    const toys = await db.toys.find().exec();
    for (const toy of toys.filter((t) => t.collectionIds.includes(id))) {
      await toy.incrementalModify((data) => ({ ...data, collectionIds: data.collectionIds.filter((c) => c !== id) }));
    }
  }
  await doc.incrementalRemove();
}
