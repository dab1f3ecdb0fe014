import { TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { NEW_TOY_FIELDS, toyDocSchema, UNCATEGORIZED_ID, type RetireReason, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { newId, OpError } from './errors.js';
import { getSettings } from './settings.js';

export type NewToy = Pick<ToyDoc, 'title'> & Partial<Omit<ToyDoc, 'id' | 'createdAt'>>;

/** Adds a toy offline-first; refuses past the plan's toy limit (the server checks again). */
export async function addToy(db: ToyDatabase, input: NewToy, now = Date.now()): Promise<ToyDoc> {
  const settings = await getSettings(db);
  // Retired toys do not count against the plan (decision 018).
  const count = (await db.toys.find().exec()).filter((toy) => !toy.retired).length;
  if (count >= settings.toysLimit) throw new OpError(TOYS_LIMIT_MESSAGE);
  const doc = toyDocSchema.parse({
    categoryId: UNCATEGORIZED_ID,
    mediaId: null,
    collectionIds: [],
    ...NEW_TOY_FIELDS,
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
  const parsed = toyDocSchema.safeParse({ ...doc.toMutableJSON(), ...patch });
  if (!parsed.success) throw new OpError(parsed.error.issues[0]?.message ?? 'That toy is not valid.');
  const next = parsed.data;
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

/** Retires a toy: it leaves rotation and the active inventory, and stops counting against the plan. */
export async function retireToy(db: ToyDatabase, id: string, reason: RetireReason, note: string | null = null, now = Date.now()): Promise<void> {
  const trimmed = note?.trim() ?? '';
  await updateToy(db, id, { retired: true, retiredReason: reason, retiredNote: trimmed === '' ? null : trimmed, retiredAt: now });
}

/** Brings a retired toy back (the plan's toy limit applies again). */
export async function unretireToy(db: ToyDatabase, id: string): Promise<void> {
  const settings = await getSettings(db);
  const active = (await db.toys.find().exec()).filter((toy) => !toy.retired).length;
  if (active >= settings.toysLimit) throw new OpError(TOYS_LIMIT_MESSAGE);
  await updateToy(db, id, { retired: false, retiredReason: null, retiredNote: null, retiredAt: null });
}

/** The storage place ("Bin 3, hall closet"); blank clears it. */
export async function setToyLocation(db: ToyDatabase, id: string, location: string | null): Promise<void> {
  const trimmed = location?.trim() ?? '';
  await updateToy(db, id, { location: trimmed === '' ? null : trimmed });
}

/** The storage places already used, for suggestions (most used first, then A to Z). */
export async function storagePlaces(db: ToyDatabase): Promise<string[]> {
  const counts = new Map<string, number>();
  for (const toy of await db.toys.find().exec()) if (toy.location) counts.set(toy.location, (counts.get(toy.location) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([place]) => place);
}

/** The children a toy is for (empty = every child). */
export async function setToyChildren(db: ToyDatabase, id: string, childIds: string[]): Promise<void> {
  await updateToy(db, id, { childIds: [...new Set(childIds)] });
}
