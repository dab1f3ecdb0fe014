import { NEW_TOY_FIELDS, toyDocSchema, UNCATEGORIZED_ID, type RetireReason, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { modifyEach } from './bulk-write.js';
import { newId, OpError, opError } from './errors.js';
import { getSettings } from './settings.js';

export type NewToy = Pick<ToyDoc, 'title'> & Partial<Omit<ToyDoc, 'id' | 'createdAt'>>;

/** Refused with the plan's message unless `adding` more toys fit (retired toys do not count, decision 018). */
async function assertRoomFor(db: ToyDatabase, adding: number): Promise<void> {
  const settings = await getSettings(db);
  const active = (await db.toys.find().exec()).filter((toy) => !toy.retired).length;
  if (active + adding > settings.toysLimit) throw opError('toysLimit');
}

/** A new toy's document with the defaults its input leaves out (not validated yet). */
function newToyFields(input: NewToy, createdAt: number) {
  return { categoryId: UNCATEGORIZED_ID, mediaId: null, collectionIds: [], ...NEW_TOY_FIELDS, ...input, id: newId(), createdAt };
}

/** Adds a toy offline-first; refuses past the plan's toy limit (the server checks again). */
export async function addToy(db: ToyDatabase, input: NewToy, now = Date.now()): Promise<ToyDoc> {
  await assertRoomFor(db, 1);
  const doc = toyDocSchema.parse(newToyFields(input, now));
  await db.toys.insert(doc);
  return doc;
}

/**
 * Adds several toys in one local write (RxDB's bulkInsert: one storage transaction, one change
 * event per toy for the replication), all or none: past the plan's limit nothing is added.
 */
export async function addToys(db: ToyDatabase, inputs: readonly NewToy[], now = Date.now()): Promise<ToyDoc[]> {
  if (inputs.length === 0) return [];
  await assertRoomFor(db, inputs.length);
  const docs = inputs.map((input, index) => {
    // One millisecond apart, so "Newest to Oldest" keeps the order the parent saw.
    const parsed = toyDocSchema.safeParse(newToyFields(input, now + index));
    if (!parsed.success) throw parsed.error.issues[0] ? new OpError(parsed.error.issues[0].message) : opError('toyInvalid');
    return parsed.data;
  });
  const { error } = await db.toys.bulkInsert(docs);
  // Fresh random ids cannot clash; a storage refusal is a fault, not a parent's mistake.
  if (error.length > 0) throw new Error(`Adding ${error.length} of ${docs.length} toys failed (${error[0]?.status ?? 'unknown'})`);
  return docs;
}

export type ToyPatch = Partial<Omit<ToyDoc, 'id' | 'createdAt'>>;

export type ToyChange = { id: string; patch: ToyPatch };

/** Changes only the given fields, so concurrent edits of other fields merge cleanly. */
export async function updateToy(db: ToyDatabase, id: string, patch: ToyPatch): Promise<void> {
  await updateToys(db, [{ id, patch }]);
}

/**
 * A bulk edit: each toy's given fields, validated first (one toy not valid, or not found,
 * changes none), then written together (one bulk write, bulk-write.ts).
 */
export async function updateToys(db: ToyDatabase, changes: readonly ToyChange[]): Promise<void> {
  const docs = await db.toys.findByIds(changes.map((change) => change.id)).exec();
  const fields = changes.map(({ id, patch }) => {
    const doc = docs.get(id);
    if (!doc) throw opError('toyNotFound');
    const parsed = toyDocSchema.safeParse({ ...doc.toMutableJSON(), ...patch });
    if (!parsed.success) throw (parsed.error.issues[0] ? new OpError(parsed.error.issues[0].message) : opError('toyInvalid'));
    const next = parsed.data;
    return [id, Object.fromEntries(Object.keys(patch).map((k) => [k, next[k as keyof ToyDoc]]))] as const;
  });
  const byId = new Map<string, Partial<ToyDoc>>();
  for (const [id, changed] of fields) byId.set(id, { ...byId.get(id), ...changed });
  await modifyEach<ToyDoc>(db.toys, byId.keys(), (data) => ({ ...data, ...byId.get(data.id) }));
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
  // Against each toy's latest state: a collection another device added meanwhile stays.
  await modifyEach<ToyDoc>(db.toys, toyIds, (data) => (data.collectionIds.includes(collectionId) ? data : { ...data, collectionIds: [...data.collectionIds, collectionId] }));
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
  await assertRoomFor(db, 1);
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
