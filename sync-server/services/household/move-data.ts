import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { listNameKey } from '../../../shared/domain/list-names.js';
import { planLimits } from '../../../shared/domain/plans.js';
import { CHILDREN_MAX, UNCATEGORIZED_ID } from '../../../shared/schemas/docs.js';
import type { Database, ListRow, HouseholdId, RotationRow, ToyRow } from '../../db/schema.js';
import { forbidden } from '../../lib/http-error.js';
import { mergeSameNamedLists } from '../lists/name-clash.js';
import { listFromRow, rotationFromRow, settingsFromRow, toyFromRow } from '../sync/row-mapping.js';
import { applyChange, scopeOf } from '../replicated/apply.js';
import { dropPracticeRows } from './drop.js';
import { householdPlan } from './households.js';
import { mergeChildren, tooManyChildrenMessage, type ChildrenMerge } from './merge-children.js';

// "Bring my toys" (POST /api/household/join, decision 016): the joiner's household is emptied
// into the one they join. Every document goes through the one write path (replicated/apply.ts).

type Trx = Transaction<Database>;

function liveRows(trx: Trx, table: 'toys', householdId: HouseholdId): Promise<ToyRow[]>;
function liveRows(trx: Trx, table: 'lists', householdId: HouseholdId): Promise<ListRow[]>;
function liveRows(trx: Trx, table: 'rotations', householdId: HouseholdId): Promise<RotationRow[]>;
function liveRows(trx: Trx, table: 'toys' | 'lists' | 'rotations', householdId: HouseholdId): Promise<unknown[]> {
  return trx.selectFrom(table).selectAll().where('household_id', '=', householdId).where('deleted', '=', 0).execute();
}

async function settingsOf(trx: Trx, householdId: HouseholdId) {
  // The plan is not stored in the row (it is the household's): any value does here.
  return settingsFromRow(await trx.selectFrom('settings').selectAll().where('household_id', '=', householdId).executeTakeFirstOrThrow(), 'free');
}

/**
 * Before anything moves: the joined household's plan (with the joiner's own Premium, if any)
 * must hold both sets of toys and collections, and the two families' children must fit in
 * one (CHILDREN_MAX). Otherwise the join is refused with 403 and nothing happens. Returns how
 * the children merge.
 */
export async function planMove(trx: Trx, from: HouseholdId, to: HouseholdId, userId: string, now: number): Promise<ChildrenMerge> {
  const joiner = await trx.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirstOrThrow();
  const plan = joiner.plan === 'paid' ? 'paid' : await householdPlan(trx, to);
  const limits = planLimits(plan);
  const toys = (await liveRows(trx, 'toys', from)).length + (await liveRows(trx, 'toys', to)).length;
  if (toys > limits.toysLimit) {
    throw forbidden(
      `Together you would have ${toys} toys, more than the ${limits.toysLimit} of the household's plan. Nothing was moved: join without your toys, or remove some first.`,
    );
  }
  const names = new Set<string>();
  for (const id of [from, to]) {
    for (const row of await liveRows(trx, 'lists', id)) if (row.kind === 'collection') names.add(listNameKey(row.name));
  }
  if (names.size > limits.collectionsLimit) {
    throw forbidden(
      `Together you would have ${names.size} collections, more than the ${limits.collectionsLimit} of the household's plan. Nothing was moved: join without your toys, or remove some first.`,
    );
  }
  const children = mergeChildren(await settingsOf(trx, to), await settingsOf(trx, from), randomUUID, now);
  if (children.total > CHILDREN_MAX) throw forbidden(tooManyChildrenMessage(children.total));
  return children;
}

/** Ids of `table`'s rows in the household (live or deleted: a moved row may take none of them). */
async function takenIds(trx: Trx, table: 'toys' | 'lists' | 'rotations', householdId: HouseholdId): Promise<Set<string>> {
  return new Set((await trx.selectFrom(table).select('id').where('household_id', '=', householdId).execute()).map((row) => row.id));
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * Moves the live lists, toys and rotations (and the photo records) of `from` into `to`, each
 * with a new change-clock value so the household's devices pull them, who made them kept. An
 * id already used in `to` gets a fresh one (references follow: categories, collections, a
 * rotation's toys and observations); Uncategorized is the household's own; children become the
 * household's as `children` says (toys' childIds and rotations' childId follow). Then the name
 * merge every list write runs (name-clash.ts) makes same-named lists one: the household's list
 * survives, the moved one is deleted with `merged_into` and its toys move.
 */
export async function moveData(trx: Trx, from: HouseholdId, to: HouseholdId, children: ChildrenMerge): Promise<void> {
  const fresh = (id: string, used: Set<string>) => (used.has(id) ? randomUUID() : id);
  // Stored as composed here (ids and references already mapped), who made them kept.
  const scope = scopeOf(trx, to);
  const keep = { mode: 'as-given', isNew: true, keepAuthors: true } as const;

  const listIds = new Map<string, string>([[UNCATEGORIZED_ID, UNCATEGORIZED_ID]]);
  const usedLists = await takenIds(trx, 'lists', to);
  for (const row of await liveRows(trx, 'lists', from)) {
    if (row.id === UNCATEGORIZED_ID) continue;
    const id = fresh(row.id, usedLists);
    listIds.set(row.id, id);
    await applyChange(scope, 'lists', { ...listFromRow(row), id }, keep);
  }

  const toyIds = new Map<string, string>();
  const usedToys = await takenIds(trx, 'toys', to);
  for (const row of await liveRows(trx, 'toys', from)) {
    const doc = toyFromRow(row);
    const id = fresh(doc.id, usedToys);
    toyIds.set(doc.id, id);
    await applyChange(
      scope,
      'toys',
      {
        ...doc,
        id,
        categoryId: listIds.get(doc.categoryId) ?? UNCATEGORIZED_ID,
        collectionIds: unique(doc.collectionIds.flatMap((c) => (listIds.has(c) ? [listIds.get(c)!] : []))),
        // A child that no longer existed was already ignored; it stays out.
        childIds: unique(doc.childIds.flatMap((c) => (children.ids.has(c) ? [children.ids.get(c)!] : []))),
      },
      keep,
    );
  }

  const usedRotations = await takenIds(trx, 'rotations', to);
  for (const row of await liveRows(trx, 'rotations', from)) {
    const doc = rotationFromRow(row);
    const id = fresh(doc.id, usedRotations);
    const observations = Object.fromEntries(Object.entries(doc.observations).flatMap(([toy, level]) => (toyIds.has(toy) ? [[toyIds.get(toy)!, level]] : [])));
    await applyChange(
      scope,
      'rotations',
      {
        ...doc,
        id,
        toyIds: doc.toyIds.flatMap((t) => (toyIds.has(t) ? [toyIds.get(t)!] : [])),
        observations,
        // A removed child's history keeps its id (it shows nowhere, as before the move).
        childId: children.ids.get(doc.childId) ?? doc.childId,
      },
      keep,
    );
    // Its place in the server's order is kept, so both histories interleave in their true order.
    await trx.updateTable('rotations').set({ accepted_seq: row.accepted_seq ?? row.seq }).where('household_id', '=', to).where('id', '=', id).execute();
  }

  await applyChange(scope, 'settings', { ...(await settingsOf(trx, to)), ...children.fields }, { ...keep, isNew: false });

  // Photos: the household now holds them (files are content-addressed and stay where they are).
  const photos = await trx.selectFrom('media').selectAll().where('household_id', '=', from).execute();
  for (const photo of photos) {
    await trx
      .insertInto('media')
      .values({ ...photo, household_id: to })
      .onConflict((oc) => oc.columns(['household_id', 'id']).doNothing())
      .execute();
  }

  await mergeSameNamedLists(trx, to);
  // The old household keeps nothing (its settings row, calendar feed and reminders too): its
  // row stays only to route a late hand-in push (moved_to) and goes with the account.
  for (const table of ['toys', 'lists', 'rotations', 'settings', 'media'] as const) {
    await trx.deleteFrom(table).where('household_id', '=', from).execute();
  }
  await dropPracticeRows(trx, [from]);
}
