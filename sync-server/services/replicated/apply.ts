import type { Transaction } from 'kysely';
import { FIRST_CHILD_ID, UNCATEGORIZED_ID, type SyncTable } from '../../../shared/schemas/docs.js';
import type { Database, HouseholdId, ReplicatedTable } from '../../db/schema.js';
import { currentActor } from '../../lib/actor.js';
import { nextSeq } from '../change-feed.js';
import type { PlanScope } from '../household/owner.js';
import type { ListFate } from '../lists/list-fate.js';
import { mergeDocs, sameDoc, type Doc } from '../sync/merge.js';
import { parseChildren, parseIds } from '../sync/row-mapping.js';
import { REPLICATED } from './registry.js';

// The one write of a replicated document (decision 036). Sync pushes, REST services, imports
// and household moves all call applyChange inside a replicated transaction (transaction.ts):
// it merges with the stored state, keeps the table's invariants, stores what changed with the
// next change-clock value (so every device pulls it), runs the change's cascades and notes
// which tables changed (the transaction announces them to live streams after the commit).

type Trx = Transaction<Database>;

/** One household's write in progress: its transaction, its plan, what changed so far. */
export type WriteScope = {
  trx: Trx;
  household: PlanScope;
  /** Tables changed so far (announced after the commit). */
  changed: Set<ReplicatedTable>;
  /** The household's lists as this transaction left them, read on first need. */
  lists?: Map<string, ListFate>;
};

const scopes = new WeakMap<Trx, WriteScope>();

/** The scope of a new replicated transaction (transaction.ts), found again by scopeOf(trx). */
export function writeScope(trx: Trx, household: PlanScope): WriteScope {
  const scope: WriteScope = { trx, household, changed: new Set() };
  scopes.set(trx, scope);
  return scope;
}

/**
 * The write scope of `trx`: the replicated transaction's own (so what changes is announced),
 * or, in a transaction that is about more than one household's data (a registration, a join),
 * a scope of its own whose changes that transaction announces itself. Writes need no plan
 * (caps are checked by the replicated transaction with the household's real plan).
 */
export function scopeOf(trx: Trx, householdId: HouseholdId): WriteScope {
  const scope = scopes.get(trx);
  if (scope && scope.household.id === householdId) return scope;
  return { trx, household: { id: householdId, plan: 'free' }, changed: new Set() };
}

/**
 * How a document comes to be stored:
 * - `merge` (sync pushes, REST): three-way merge of `incoming` with the stored state (`master`,
 *   read when not given) on the base `assumed` (the state the writer last saw; REST services
 *   pass the stored state, so their change applies as made), then the table's normalise and
 *   settle, then cascades. Nothing is written when the result is the stored state.
 * - `as-given` (imports, household moves, a new household's defaults): the server composed the
 *   document itself, from rows it already checked: stored as it is, `isNew` says insert or
 *   update, no cascades (the caller moves the related rows itself).
 */
export type ApplyOptions =
  | { mode: 'merge'; assumed: Doc | undefined; master?: Doc | undefined; keepAuthors?: boolean; ordered?: boolean }
  | { mode: 'as-given'; isNew: boolean; keepAuthors?: boolean };

export type Applied = { stored: boolean; doc: Doc };

export async function applyChange(scope: WriteScope, table: SyncTable, incoming: Doc, options: ApplyOptions): Promise<Applied> {
  const entry = REPLICATED[table];
  if (options.mode === 'as-given') {
    await store(scope, table, incoming, options.isNew, options.keepAuthors === true);
    return { stored: true, doc: incoming };
  }
  const { trx, household } = scope;
  const master = 'master' in options ? options.master : (await loadMasters(trx, household, table, [incoming.id as string])).get(incoming.id as string);
  let merged = mergeDocs(master, options.assumed, incoming, entry.rules);
  if (options.ordered) merged = withOrderOf(merged, incoming, entry.rules.setFields ?? []);
  if (!master) merged = entry.initial(merged, household);
  const lists = entry.readsLists ? await listsOf(scope) : new Map<string, ListFate>();
  merged = entry.normalise(merged, { lists, assumed: options.assumed, incoming });
  if (entry.settle) merged = await entry.settle(trx, household.id, merged, master);
  if (master && sameDoc(merged, master)) return { stored: false, doc: merged };
  await store(scope, table, merged, !master, options.keepAuthors === true);
  if (entry.cascade === 'list-deleted') await cascadeListDeleted(scope, master, merged);
  if (entry.cascade === 'rotation-stored' && !master && !merged._deleted) await stampLastRotation(scope, merged);
  return { stored: true, doc: merged };
}

/** A new document made by the server (a REST create, a new household's defaults): the same write as a device's push of it. */
export async function createDoc(scope: WriteScope, table: SyncTable, doc: object): Promise<Applied> {
  return applyChange(scope, table, { ...doc, _deleted: false }, { mode: 'merge', assumed: undefined });
}

/**
 * A REST change of one stored document: the stored state with `patch` over it, applied as a
 * merge whose base is the stored state (so it is the same write a device's push of it would be;
 * set fields keep the order the change gives them).
 * Returns undefined when there is no such document.
 */
export async function patchDoc(scope: WriteScope, table: SyncTable, id: string, patch: Record<string, unknown>): Promise<Applied | undefined> {
  const master = (await loadMasters(scope.trx, scope.household, table, [id])).get(id);
  if (!master) return undefined;
  return applyChange(scope, table, { ...master, ...patch }, { mode: 'merge', assumed: master, master, ordered: true });
}

/**
 * A set field the merge left with the same members as the writer's value takes the writer's
 * order: a REST change says where an id goes (a merged list's survivor takes the loser's place),
 * which the set merge (new members last) would not keep.
 */
function withOrderOf(merged: Doc, incoming: Doc, setFields: readonly string[]): Doc {
  const out = { ...merged };
  for (const key of setFields) {
    const mine = merged[key];
    const theirs = incoming[key];
    if (!Array.isArray(mine) || !Array.isArray(theirs) || mine.length !== theirs.length) continue;
    if (theirs.every((value) => mine.includes(value))) out[key] = theirs;
  }
  return out;
}

/**
 * Stores one document with the next change-clock value (insert or update). Toys and rotations
 * are stamped with who acted (actor.ts): createdBy on insert, a toy's updatedBy on every write;
 * with `keepAuthors` the document's own createdBy/updatedBy are stored instead (data moved
 * between households by a join is no one's edit).
 */
async function store(scope: WriteScope, table: SyncTable, doc: Doc, isNew: boolean, keepAuthors: boolean): Promise<void> {
  const { trx, household } = scope;
  const seq = await nextSeq(trx);
  const entry = REPLICATED[table];
  const key = entry.keyedByHousehold ? household.id : (doc.id as string);
  await (isNew ? entry.insert : entry.update)(trx, household.id, key, keepAuthors ? doc : stampActor(table, doc, isNew), seq);
  scope.changed.add(table);
  if (table === 'lists' && scope.lists) scope.lists.set(doc.id as string, { kind: doc.kind as string, deleted: doc._deleted, mergedInto: null });
}

function stampActor(table: SyncTable, doc: Doc, isNew: boolean): Doc {
  const actor = currentActor();
  if (table === 'toys') {
    return { ...doc, createdBy: isNew ? actor : (doc.createdBy ?? null), updatedBy: actor ?? doc.updatedBy ?? null };
  }
  if (table === 'rotations') return { ...doc, createdBy: isNew ? actor : (doc.createdBy ?? null) };
  return doc;
}

/** The stored (master) state of the given documents, deleted ones included. */
export async function loadMasters(trx: Trx, household: PlanScope, table: SyncTable, ids: string[]): Promise<Map<string, Doc>> {
  const out = new Map<string, Doc>();
  if (ids.length === 0) return out;
  const { fromRow } = REPLICATED[table];
  if (table === 'settings') {
    const row = await trx.selectFrom('settings').selectAll().where('household_id', '=', household.id).executeTakeFirst();
    if (row) out.set(household.id, fromRow(row, household));
    return out;
  }
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200);
    const rows = await trx.selectFrom(table).selectAll().where('household_id', '=', household.id).where('id', 'in', chunk).execute();
    for (const row of rows) out.set(row.id, fromRow(row, household));
  }
  return out;
}

async function listsOf(scope: WriteScope): Promise<Map<string, ListFate>> {
  if (!scope.lists) scope.lists = await loadListStates(scope.trx, scope.household.id);
  return scope.lists;
}

async function loadListStates(trx: Trx, householdId: HouseholdId): Promise<Map<string, ListFate>> {
  const rows = await trx.selectFrom('lists').select(['id', 'kind', 'deleted', 'merged_into']).where('household_id', '=', householdId).execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, deleted: Boolean(row.deleted), mergedInto: row.merged_into }]));
}

/** The household's list states must be read again (rows changed outside applyChange: a name merge). */
export function forgetLists(scope: WriteScope): void {
  scope.lists = undefined;
}

/** A deleted category's toys go to Uncategorized; a deleted collection leaves its toys. */
async function cascadeListDeleted(scope: WriteScope, before: Doc | undefined, after: Doc): Promise<void> {
  if (!after._deleted || (before && before._deleted)) return;
  const id = after.id as string;
  if (after.kind === 'category') await moveToysToList(scope, 'category', id, UNCATEGORIZED_ID);
  else await moveToysToList(scope, 'collection', id, null);
}

/**
 * The live toys in list `fromId` go to list `toId`: a category by `categoryId`, a collection
 * inside `collectionIds` (once; null: taken out). Each toy is a change of its own, through
 * patchDoc like any other. Returns how many toys changed.
 */
export async function moveToysToList(scope: WriteScope, kind: 'category' | 'collection', fromId: string, toId: string | null): Promise<number> {
  const { trx, household } = scope;
  let changed = 0;
  if (kind === 'category') {
    const rows = await trx.selectFrom('toys').select('id').where('household_id', '=', household.id).where('category_id', '=', fromId).where('deleted', '=', 0).execute();
    for (const row of rows) if ((await patchDoc(scope, 'toys', row.id, { categoryId: toId ?? UNCATEGORIZED_ID }))?.stored) changed++;
    return changed;
  }
  // collection_ids is JSON text: match on the quoted id, then check exactly after parsing.
  const rows = await trx
    .selectFrom('toys')
    .select(['id', 'collection_ids'])
    .where('household_id', '=', household.id)
    .where('deleted', '=', 0)
    .where('collection_ids', 'like', `%${JSON.stringify(fromId)}%`)
    .execute();
  for (const row of rows) {
    const ids = parseIds(row.collection_ids);
    if (!ids.includes(fromId)) continue;
    const next = [...new Set(ids.flatMap((id) => (id !== fromId ? [id] : toId === null ? [] : [toId])))];
    if ((await patchDoc(scope, 'toys', row.id, { collectionIds: next }))?.stored) changed++;
  }
  return changed;
}

/** A change of the household's settings (one document per household) through patchDoc. */
export async function patchSettings(trx: Trx, householdId: HouseholdId, patch: Record<string, unknown>): Promise<void> {
  await patchDoc(scopeOf(trx, householdId), 'settings', householdId, patch);
}

/**
 * A newly stored rotation is the latest in the server's order, so its child's last rotation
 * date (the settings' lastRotationDate for the first child) becomes its date, whatever the
 * clock of the device that made it said about the others.
 */
async function stampLastRotation(scope: WriteScope, rotation: Doc): Promise<void> {
  const { trx, household } = scope;
  const at = rotation.createdAt as number;
  const childId = (rotation.childId as string | undefined) ?? FIRST_CHILD_ID;
  if (childId === FIRST_CHILD_ID) {
    await patchDoc(scope, 'settings', household.id, { lastRotationDate: at });
    return;
  }
  const row = await trx.selectFrom('settings').select('children').where('household_id', '=', household.id).executeTakeFirst();
  const children = parseChildren(row?.children);
  const child = children[childId];
  if (!child) return; // a child removed meanwhile: its rotation stays in the history
  await patchDoc(scope, 'settings', household.id, { children: { ...children, [childId]: { ...child, lastRotationDate: at } } });
}
