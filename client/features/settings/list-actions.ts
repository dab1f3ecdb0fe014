// Category and collection writes on the local database (work offline, replicate later).
import { UNCATEGORIZED_ID, type ListDoc, type ListKind } from '../../../shared/schemas/docs.js';
import type { LocalDb } from '../inventory/use-local-data.js';
import { nameProblem, nextPosition, type NameProblem } from './list-rules.js';

export type ListResult = { ok: true } | { ok: false; problem: NameProblem };

export async function addList(
  db: LocalDb,
  kind: ListKind,
  name: string,
  siblings: readonly ListDoc[],
  now: number = Date.now(),
): Promise<ListResult> {
  const problem = nameProblem(name, siblings);
  if (problem) return { ok: false, problem };
  await db.lists.insert({ id: crypto.randomUUID(), kind, name: name.trim(), position: nextPosition(siblings), createdAt: now });
  return { ok: true };
}

export async function renameList(db: LocalDb, id: string, name: string, siblings: readonly ListDoc[]): Promise<ListResult> {
  const problem = nameProblem(name, siblings, id);
  if (problem) return { ok: false, problem };
  const doc = await db.lists.findOne(id).exec();
  await doc?.incrementalPatch({ name: name.trim() });
  return { ok: true };
}

/** Deleting a category moves its toys to Uncategorized; deleting a collection empties it first. */
export async function deleteList(db: LocalDb, list: ListDoc): Promise<void> {
  if (list.id === UNCATEGORIZED_ID) return;
  const toys = await db.toys.find().exec();
  if (list.kind === 'category') {
    await Promise.all(
      toys.filter((toy) => toy.categoryId === list.id).map((toy) => toy.incrementalPatch({ categoryId: UNCATEGORIZED_ID })),
    );
  } else {
    await Promise.all(
      toys
        .filter((toy) => toy.collectionIds.includes(list.id))
        .map((toy) => toy.incrementalModify((data) => ({ ...data, collectionIds: data.collectionIds.filter((id) => id !== list.id) }))),
    );
  }
  const doc = await db.lists.findOne(list.id).exec();
  await doc?.remove();
}

/** Puts toys into a collection (or takes one out); the collection ids live on the toy. */
export async function addToysToCollection(db: LocalDb, collectionId: string, toyIds: readonly string[]): Promise<void> {
  if (toyIds.length === 0) return;
  const docs = await db.toys.findByIds([...toyIds]).exec();
  await Promise.all(
    [...docs.values()].map((toy) =>
      toy.incrementalModify((data) =>
        data.collectionIds.includes(collectionId) ? data : { ...data, collectionIds: [...data.collectionIds, collectionId] },
      ),
    ),
  );
}

export async function removeToyFromCollection(db: LocalDb, collectionId: string, toyId: string): Promise<void> {
  const toy = await db.toys.findOne(toyId).exec();
  await toy?.incrementalModify((data) => ({ ...data, collectionIds: data.collectionIds.filter((id) => id !== collectionId) }));
}
