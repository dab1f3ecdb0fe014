import { listIdFor, sameListName } from '../../../shared/domain/list-names.js';
import { listDocSchema, UNCATEGORIZED_ID, type ListDoc, type ListKind, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { modifyEach } from './bulk-write.js';
import { newId, opError } from './errors.js';
import { getSettings, patchSettings } from './settings.js';

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
    if (existing.length >= settings.collectionsLimit) throw opError(settings.plan === 'paid' ? 'paidCollections' : 'freeCollections');
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
  // The toys in one bulk write (bulk-write.ts), before the list goes.
  if (doc.kind === 'category') {
    const toys = await db.toys.find({ selector: { categoryId: id } }).exec();
    await modifyEach<ToyDoc>(db.toys, toys.map((toy) => toy.id), (data) => (data.categoryId === id ? { ...data, categoryId: UNCATEGORIZED_ID } : data));
  } else {
    const toys = (await db.toys.find().exec()).filter((toy) => toy.collectionIds.includes(id));
    await modifyEach<ToyDoc>(db.toys, toys.map((toy) => toy.id), (data) => (data.collectionIds.includes(id) ? { ...data, collectionIds: data.collectionIds.filter((c) => c !== id) } : data));
  }
  await doc.incrementalRemove();
}

/**
 * Takes the starter categories the parent kept (blank and repeated names left out, as addList
 * does) in one bulk insert, and marks the offer done for the household, so no device offers it
 * again. Skipping is the same with no names.
 */
export async function finishStarterCategories(db: ToyDatabase, names: readonly string[], now = Date.now()): Promise<ListDoc[]> {
  const existing = await liveLists(db, 'category');
  const kept: string[] = [];
  for (const name of names.map((n) => n.trim())) {
    if (name && ![...existing.map((list) => list.name), ...kept].some((other) => sameListName(other, name))) kept.push(name);
  }
  // As addList: the id a name gives, unless it was ever used here (deleted ones too).
  const wanted = kept.map((name) => listIdFor('category', name));
  const used = new Set((await db.lists.storageInstance.findDocumentsById(wanted, true)).map((doc) => doc.id));
  let position = existing.reduce((max, list) => Math.max(max, list.position), 0);
  const added = kept.map((name, i) => {
    const id = used.has(wanted[i]!) ? newId() : wanted[i]!;
    used.add(id);
    return listDocSchema.parse({ id, kind: 'category', name, position: ++position, createdAt: now });
  });
  if (added.length > 0) {
    const { error } = await db.lists.bulkInsert(added);
    if (error.length > 0) throw new Error(`Adding ${error.length} of ${added.length} categories failed (${error[0]?.status ?? 'unknown'})`);
  }
  await patchSettings(db, { starterCategoriesDone: true });
  return added;
}
