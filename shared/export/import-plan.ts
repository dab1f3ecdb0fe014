import { listIdFor, listNameKey } from '../domain/list-names.js';
import type { Plan } from '../domain/plans.js';
import { settleKeptAndExcluded } from '../domain/toy-flags.js';
import {
  NEW_TOY_FIELDS,
  listDocSchema,
  rotationDocSchema,
  toyDocSchema,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
  type ListDoc,
  type ListKind,
  type RotationDoc,
  type SettingsDoc,
  type SyncTable,
  type ToyDoc,
} from '../schemas/docs.js';
import type { ExportDoc } from './format.js';
import { importProblem, words, type ImportProblem, type ImportWords } from './import-words.js';
import { planSettings, type ImportedSettings } from './import-settings.js';
import { limitProblems } from './import-limits.js';
import type { ImportSource } from './import-source.js';

// An import, the same on the device and on the server: a source (import-source.ts) becomes a
// plan against what the account already holds: which lists, toys, rotations and settings are
// added or updated, and every problem. Nothing is written while a plan has problems
// (all-or-nothing); the caller writes the plan's documents.

/** What the account holds now (live documents), and every id ever used (deleted ones too). */
export type ImportTarget = {
  lists: ListDoc[];
  toys: ToyDoc[];
  rotations: RotationDoc[];
  settings: SettingsDoc;
  takenIds: Record<SyncTable, Set<string>>;
  plan: Plan;
  toysLimit: number;
  collectionsLimit: number;
  /** Live categories at most (the server's per-account cap). */
  categoriesLimit: number;
};

export type ImportCounts = {
  toysAdded: number;
  toysUpdated: number;
  /** Present here with the same fields: nothing to write (a re-imported, unchanged export). */
  toysUnchanged: number;
  toysAlreadyThere: number;
  categoriesAdded: number;
  categoriesMerged: number;
  collectionsAdded: number;
  collectionsMerged: number;
  rotationsAdded: number;
  childrenAdded: number;
  childrenMerged: number;
  photos: number;
};

export type ImportPlan = {
  counts: ImportCounts;
  /** Blocking: while there is one, nothing is imported. */
  problems: ImportProblem[];
  warnings: ImportWords[];
  lists: ListDoc[];
  toys: { doc: ToyDoc; isNew: boolean }[];
  /** New rotations, oldest first (serverOrder null: the server orders them as it stores them). */
  rotations: RotationDoc[];
  /** The settings fields to write (children included), or null when none change. */
  settings: ImportedSettings | null;
  /** What changes in the settings and children, one line each (the preview shows them). */
  settingsChanges: ImportWords[];
  others: Partial<Record<SyncTable, ExportDoc[]>>;
};

const VALID_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether an imported toy would change nothing of the toy here (who wrote it is the server's). */
function sameToy(doc: ToyDoc, present: ToyDoc): boolean {
  const serverFields = new Set(['createdBy', 'updatedBy']);
  const here = present as Record<string, unknown>;
  return Object.entries(doc).every(([key, value]) => serverFields.has(key) || JSON.stringify(value ?? null) === JSON.stringify(here[key] ?? null));
}

/**
 * The plan without its row problems, when the parent chose to skip those rows: a row with a
 * problem is never in the plan's toys, so only what concerns the whole file still blocks.
 */
export function skippingProblemRows(plan: ImportPlan): ImportPlan {
  return { ...plan, problems: plan.problems.filter((problem) => problem.row === null) };
}

/** How many rows (or entries) a skip would leave out. */
export function problemRowCount(plan: ImportPlan): number {
  return new Set(plan.problems.filter((problem) => problem.row !== null).map((problem) => `${problem.where}:${problem.row}`)).size;
}

/**
 * Plans the import of `source` into `target`. `photoIds` maps each photo file name to the media
 * id it is stored under after its checks (a photo missing there failed them: its problem is
 * the caller's). Categories and collections merge by name, children by id or name; a toy
 * already present (same id, or same title and same photo) is updated or skipped, never
 * duplicated.
 */
export function planImport(source: ImportSource, photoIds: Map<string, string>, target: ImportTarget, newId: () => string): ImportPlan {
  const settings = planSettings(source.settings, target.settings, new Set(target.rotations.map((rotation) => rotation.childId)), newId);
  const counts: ImportCounts = {
    toysAdded: 0,
    toysUpdated: 0,
    toysUnchanged: 0,
    toysAlreadyThere: 0,
    categoriesAdded: 0,
    categoriesMerged: 0,
    collectionsAdded: 0,
    collectionsMerged: 0,
    rotationsAdded: 0,
    childrenAdded: settings.childrenAdded,
    childrenMerged: settings.childrenMerged,
    photos: new Set(photoIds.values()).size,
  };
  const problems = [...source.problems, ...settings.problems];
  const plan: ImportPlan = {
    counts,
    problems,
    warnings: [...source.warnings],
    lists: [],
    toys: [],
    rotations: [],
    settings: settings.patch,
    settingsChanges: settings.changes,
    others: {},
  };
  const taken = (collection: SyncTable, id: string) => target.takenIds[collection]?.has(id) ?? false;
  const freshId = (collection: SyncTable, wanted: string | null, used: Set<string>) => {
    const id = wanted && VALID_ID.test(wanted) && !taken(collection, wanted) && !used.has(wanted) ? wanted : newId();
    used.add(id);
    return id;
  };
  // A toy's or rotation's child, as this household knows it after the import (a child the
  // export no longer had is dropped from a toy: a toy for no existing child is everyone's).
  const children = new Set(Object.keys(settings.patch?.children ?? target.settings.children));
  const childHere = (id: string) => settings.childIds.get(id) ?? (children.has(id) ? id : null);

  // Lists: by kind and name; Uncategorized is always the fixed one.
  const lists = new Map(target.lists.map((list) => [`${list.kind}:${listNameKey(list.name)}`, list.id]));
  lists.set(`category:${listNameKey(UNCATEGORIZED_NAME)}`, UNCATEGORIZED_ID);
  const merged = new Set<string>();
  const usedListIds = new Set<string>();
  let position = target.lists.reduce((max, list) => Math.max(max, list.position), 0);
  const listId = (kind: ListKind, name: string, wanted: string | null, createdAt = Date.now()): string => {
    const key = `${kind}:${listNameKey(name)}`;
    const known = lists.get(key);
    if (known) {
      if (known !== UNCATEGORIZED_ID && !merged.has(key) && !plan.lists.some((list) => list.id === known)) {
        merged.add(key);
        if (kind === 'category') counts.categoriesMerged++;
        else counts.collectionsMerged++;
      }
      return known;
    }
    const byName = listIdFor(kind, name);
    const id = freshId('lists', wanted ?? (taken('lists', byName) ? null : byName), usedListIds);
    plan.lists.push(listDocSchema.parse({ id, kind, name: name.trim(), position: ++position, createdAt }));
    lists.set(key, id);
    if (kind === 'category') counts.categoriesAdded++;
    else counts.collectionsAdded++;
    return id;
  };
  for (const list of source.lists) listId(list.kind, list.name, list.id, list.createdAt);

  // Toys.
  const byId = new Map(target.toys.map((toy) => [toy.id, toy]));
  const sameKey = (title: string, mediaId: string | null) => `${title.trim().normalize('NFC').toLowerCase()}\u0000${mediaId ?? ''}`;
  const byTitleAndPhoto = new Map(target.toys.map((toy) => [sameKey(toy.title, toy.mediaId), toy]));
  const toyIds = new Map<string, string>();
  const usedToyIds = new Set<string>();
  for (const toy of source.toys) {
    const present = toy.id ? byId.get(toy.id) : undefined;
    // A photo the zip lacks (an export made offline) leaves the photo a toy already has here.
    const kept = toy.photoMissing && present ? present.mediaId : null;
    const mediaId = toy.photo ? (photoIds.get(toy.photo) ?? null) : kept;
    const categoryId = listId('category', toy.category, null);
    const collectionIds = [...new Set(toy.collections.map((name) => listId('collection', name, null)))];
    const duplicate = present ?? byTitleAndPhoto.get(sameKey(String(toy.fields.title ?? ''), mediaId));
    if (duplicate && !present) {
      counts.toysAlreadyThere++;
      if (toy.id) toyIds.set(toy.id, duplicate.id);
      continue;
    }
    const id = present ? present.id : freshId('toys', toy.id, usedToyIds);
    const childIds = Array.isArray(toy.fields.childIds) ? (toy.fields.childIds as string[]).map(childHere).filter((c): c is string => c !== null) : [];
    const candidate = {
      ...NEW_TOY_FIELDS,
      ...(present ?? {}),
      ...toy.fields,
      id,
      createdAt: present ? present.createdAt : toy.fields.createdAt,
      categoryId,
      collectionIds,
      mediaId,
      childIds: [...new Set(childIds)],
    };
    const parsed = toyDocSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(importProblem(toy.row, toy.place, words('fieldInvalid', { field: issue?.path.join('.') ?? '', detail: issue?.message ?? 'invalid' })));
      continue;
    }
    const doc = settleKeptAndExcluded(parsed.data, { excluded: false, favorite: false });
    if (toy.photoMissing) {
      plan.warnings.push(words(kept ? 'photoMissingKept' : 'photoMissingDropped', { title: doc.title }));
    }
    if (present && sameToy(doc, present)) {
      counts.toysUnchanged++;
      toyIds.set(toy.id ?? id, id);
      continue;
    }
    plan.toys.push({ doc, isNew: !present });
    if (present) counts.toysUpdated++;
    else counts.toysAdded++;
    if (toy.id) toyIds.set(toy.id, id);
    byTitleAndPhoto.set(sameKey(doc.title, doc.mediaId), doc);
  }

  // Rotation history: new rotations keep their order; toys that were not imported drop out.
  const live = new Set([...target.toys.map((toy) => toy.id), ...plan.toys.map((toy) => toy.doc.id)]);
  const usedRotationIds = new Set<string>();
  const ordered = [...source.rotations].sort((a, b) => (a.serverOrder ?? Infinity) - (b.serverOrder ?? Infinity) || a.createdAt - b.createdAt);
  for (const rotation of ordered) {
    if (taken('rotations', rotation.id) || usedRotationIds.has(rotation.id)) continue;
    usedRotationIds.add(rotation.id);
    const toyIdsOut = rotation.toyIds.map((id) => toyIds.get(id) ?? id).filter((id) => live.has(id));
    // Observations follow their toy to its new id, and drop out with it.
    const observations = Object.fromEntries(
      Object.entries(rotation.observations ?? {}).flatMap(([id, observation]) => {
        const to = toyIds.get(id) ?? id;
        return toyIdsOut.includes(to) ? [[to, observation]] : [];
      }),
    );
    // A removed child's rotations stay in the history under its id, as they did in the export.
    const childId = settings.childIds.get(rotation.childId) ?? rotation.childId;
    plan.rotations.push(rotationDocSchema.parse({ ...rotation, childId, toyIds: [...new Set(toyIdsOut)], observations, serverOrder: null }));
    counts.rotationsAdded++;
  }
  for (const [name, docs] of Object.entries(source.others) as [SyncTable, ExportDoc[]][]) {
    plan.others[name] = docs.filter((doc) => !taken(name, doc.id));
  }
  problems.push(...limitProblems(target, plan));
  return plan;
}

