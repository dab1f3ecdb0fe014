// Writes to the local database for the inventory screen. Every write lands in RxDB first and
// replicates when the network allows, so all of these work offline.
import type { ToyDoc } from '../../../shared/schemas/docs.js';
import type { LocalDb } from './use-local-data.js';

export type ToyInput = { title: string; categoryId: string; caption: string; mediaId: string | null };

export function newId(): string {
  return crypto.randomUUID();
}

export async function insertToy(db: LocalDb, input: ToyInput, now: number = Date.now()): Promise<ToyDoc> {
  const toy: ToyDoc = {
    id: newId(),
    title: input.title.trim(),
    categoryId: input.categoryId,
    caption: input.caption,
    mediaId: input.mediaId,
    collectionIds: [],
    excluded: false,
    favorite: false,
    createdAt: now,
    lastRotatedAt: null,
    location: null,
    retired: false,
    feedback: null,
  };
  await db.toys.insert(toy);
  return toy;
}

export async function patchToy(db: LocalDb, id: string, patch: Partial<Omit<ToyDoc, 'id'>>): Promise<void> {
  const doc = await db.toys.findOne(id).exec();
  if (!doc) throw new Error('This toy no longer exists');
  await doc.incrementalPatch(patch);
}

/**
 * Spec section 4: switching one flag on while the other is on flips both, so a toy is never
 * excluded and kept at once. Switching a flag off touches only that flag.
 */
export function flagPatch(
  toy: Pick<ToyDoc, 'excluded' | 'favorite'>,
  flag: 'excluded' | 'favorite',
  on: boolean,
): Pick<ToyDoc, 'excluded' | 'favorite'> {
  const other = flag === 'excluded' ? 'favorite' : 'excluded';
  const next = { excluded: toy.excluded, favorite: toy.favorite };
  next[flag] = on;
  if (on && toy[other]) next[other] = false;
  return next;
}

export async function setToyFlag(db: LocalDb, toy: ToyDoc, flag: 'excluded' | 'favorite', on: boolean): Promise<void> {
  await patchToy(db, toy.id, flagPatch(toy, flag, on));
}

export async function removeToy(db: LocalDb, id: string): Promise<void> {
  const doc = await db.toys.findOne(id).exec();
  await doc?.remove();
}
