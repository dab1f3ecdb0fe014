import { TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { toyDocSchema, UNCATEGORIZED_ID, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { newId, OpError } from './errors.js';
import { getSettings } from './settings.js';

export type NewToy = Pick<ToyDoc, 'title'> & Partial<Omit<ToyDoc, 'id' | 'createdAt'>>;

/** Adds a toy offline-first; refuses past the plan's toy limit (the server checks again). */
export async function addToy(db: ToyDatabase, input: NewToy, now = Date.now()): Promise<ToyDoc> {
  const settings = await getSettings(db);
  const count = await db.toys.count().exec();
  if (count >= settings.toysLimit) throw new OpError(TOYS_LIMIT_MESSAGE);
  const doc = toyDocSchema.parse({
    categoryId: UNCATEGORIZED_ID,
    caption: '',
    mediaId: null,
    collectionIds: [],
    excluded: false,
    favorite: false,
    lastRotatedAt: null,
    location: null,
    retired: false,
    feedback: null,
    ...input,
    id: newId(),
    createdAt: now,
  });
  await db.toys.insert(doc);
  return doc;
}

export type ToyPatch = Partial<Omit<ToyDoc, 'id' | 'createdAt'>>;

/** Changes only the given fields, so concurrent edits of other fields merge cleanly. */
export async function updateToy(db: ToyDatabase, id: string, patch: ToyPatch): Promise<void> {
  const doc = await db.toys.findOne(id).exec();
  if (!doc) throw new OpError('That toy was not found.');
  const next = toyDocSchema.parse({ ...doc.toMutableJSON(), ...patch });
  const changes = Object.fromEntries(Object.keys(patch).map((k) => [k, next[k as keyof ToyDoc]]));
  await doc.incrementalPatch(changes);
}

/** Soft delete: the deletion replicates and wins over concurrent edits elsewhere. */
export async function deleteToy(db: ToyDatabase, id: string): Promise<void> {
  const doc = await db.toys.findOne(id).exec();
  if (doc) await doc.incrementalRemove();
}

/** Spec section 4: switching one flag on while the other is on flips both. */
export async function setExcluded(db: ToyDatabase, id: string, on: boolean): Promise<void> {
  await updateToy(db, id, on ? { excluded: true, favorite: false } : { excluded: false });
}

export async function setFavorite(db: ToyDatabase, id: string, on: boolean): Promise<void> {
  await updateToy(db, id, on ? { favorite: true, excluded: false } : { favorite: false });
}

export async function setToyCollections(db: ToyDatabase, id: string, collectionIds: string[]): Promise<void> {
  await updateToy(db, id, { collectionIds: [...new Set(collectionIds)] });
}

/** Spec: adding toys to a collection does nothing if none are selected. */
export async function addToysToCollection(db: ToyDatabase, toyIds: string[], collectionId: string): Promise<void> {
  for (const id of toyIds) {
    const doc = await db.toys.findOne(id).exec();
    if (doc && !doc.collectionIds.includes(collectionId)) {
      await doc.incrementalModify((data) => ({ ...data, collectionIds: [...data.collectionIds, collectionId] }));
    }
  }
}

export async function removeToyFromCollection(db: ToyDatabase, toyId: string, collectionId: string): Promise<void> {
  const doc = await db.toys.findOne(toyId).exec();
  if (doc?.collectionIds.includes(collectionId)) {
    await doc.incrementalModify((data) => ({ ...data, collectionIds: data.collectionIds.filter((c) => c !== collectionId) }));
  }
}
