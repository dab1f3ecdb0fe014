import { collectionsLimitMessage, planLimits } from '../../../shared/domain/plans.js';
import type { AppDeps } from '../../context.js';

import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { findByName, insertList, loadLists, updateList } from './list-store.js';
import { mergeSameNamedLists } from './name-clash.js';
import { cleanNames } from './names.js';
import type { PlanScope } from '../household/scope.js';
import type { HouseholdId } from '../../db/schema.js';

// Collections (spec `toysBaskets`, "baskets"). Toys hold collection ids, so a rename is one
// row; removing one takes it out of every toy. The plan limits how many a user may have.

/** PUT updateSettings {toysBaskets}: the full new list of names, in order. */
export async function replaceCollections(deps: AppDeps, user: PlanScope, names: readonly string[]): Promise<void> {
  const wanted = cleanNames(names);
  const now = deps.now();
  await replicatedTransaction(deps, user.id, { quotas: ['lists', 'toys'], announce: ['lists', 'toys'] }, async ({ trx }) => {
    await mergeSameNamedLists(trx, user.id); // heal first: the call then acts on one list per name
    const { collections } = await loadLists(trx, user.id);
    const kept = new Map<string, (typeof collections)[number]>();
    const plan = wanted.map((name) => {
      const match = findByName(collections.filter((row) => !kept.has(row.id)), name);
      if (match) kept.set(match.id, match);
      return { name, match };
    });
    const adds = plan.some((step) => !step.match);
    // A user over the limit (e.g. after leaving Premium) may still remove and reorder.
    if (adds && wanted.length > planLimits(user.plan).collectionsLimit) throw forbidden(collectionsLimitMessage(user.plan));
    for (const [position, { name, match }] of plan.entries()) {
      if (!match) await insertList(trx, user.id, 'collection', name, position, now);
      else if (match.name !== name || match.position !== position) await updateList(trx, user.id, match.id, { name, position });
    }
    for (const row of collections) {
      if (kept.has(row.id)) continue;
      await updateList(trx, user.id, row.id, { deleted: true }); // its toys follow (replicated/apply.ts)
    }
    await mergeSameNamedLists(trx, user.id); // a same-named list pushed meanwhile (decision 008)
  });
}

/** PUT deleteBasket {basketToDelete}. */
export async function deleteCollection(deps: AppDeps, householdId: HouseholdId, name: string): Promise<void> {
  await replicatedTransaction(deps, householdId, { quotas: ['lists', 'toys'], announce: ['lists', 'toys'] }, async ({ trx }) => {
    await mergeSameNamedLists(trx, householdId); // heal first: the call then acts on one list per name
    const row = findByName((await loadLists(trx, householdId)).collections, name);
    if (!row) throw notFound(`There is no collection named "${name.trim()}".`);
    await updateList(trx, householdId, row.id, { deleted: true }); // its toys follow (replicated/apply.ts)
  });
}

/** PUT updateBasketName {toysBaskets}: the whole list after a rename; same length and order. */
export async function renameCollections(deps: AppDeps, householdId: HouseholdId, names: readonly string[]): Promise<void> {
  const trimmed = names.map((name) => name.trim());
  if (trimmed.some((name) => !name)) throw badRequest('A collection name cannot be empty.');
  if (cleanNames(trimmed).length !== trimmed.length) throw badRequest('Two collections cannot have the same name.');
  await replicatedTransaction(deps, householdId, { quotas: ['lists', 'toys'], announce: ['lists', 'toys'] }, async ({ trx }) => {
    await mergeSameNamedLists(trx, householdId); // heal first: the call then acts on one list per name
    const { collections } = await loadLists(trx, householdId);
    if (collections.length !== trimmed.length) {
      throw conflict('Your collections changed on another device. Please reload and try again.');
    }
    for (const [index, row] of collections.entries()) {
      const name = trimmed[index] as string;
      if (row.name !== name) await updateList(trx, householdId, row.id, { name });
    }
    await mergeSameNamedLists(trx, householdId);
  });
}

/** GET collectionsForCurrentPlan: the names the plan allows, first by position. */
export async function collectionsForPlan(deps: AppDeps, user: PlanScope): Promise<string[]> {
  const { collections } = await loadLists(deps.db, user.id);
  return collections.slice(0, planLimits(user.plan).collectionsLimit).map((row) => row.name);
}
