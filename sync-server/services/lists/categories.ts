import { UNCATEGORIZED_ID, UNCATEGORIZED_NAME } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { findByName, insertList, loadLists, updateList } from './list-store.js';
import { mergeSameNamedLists } from './name-clash.js';
import { cleanNames, sameName } from './names.js';
import type { HouseholdId } from '../../db/schema.js';

// Categories (spec `toyTypes`). Toys reference a category by id, so a rename is one row;
// removing one moves its toys to Uncategorized, which itself is fixed and always first.

/** PUT updateSettings {toyTypes}: the full new list of names, in order. */
export async function replaceCategories(deps: AppDeps, householdId: HouseholdId, names: readonly string[]): Promise<void> {
  const wanted = cleanNames(names).filter((name) => !sameName(name, UNCATEGORIZED_NAME));
  const now = deps.now();
  await replicatedTransaction(deps, householdId, { quotas: ['lists', 'toys'], announce: ['lists', 'toys'] }, async ({ trx }) => {
    await mergeSameNamedLists(trx, householdId); // heal first: the call then acts on one list per name
    const { categories } = await loadLists(trx, householdId);
    const uncategorized = categories.find((row) => row.id === UNCATEGORIZED_ID);
    if (uncategorized && uncategorized.position !== 0) await updateList(trx, householdId, UNCATEGORIZED_ID, { position: 0 });
    const others = categories.filter((row) => row.id !== UNCATEGORIZED_ID);
    const kept = new Set<string>();
    for (const [index, name] of wanted.entries()) {
      const position = index + 1;
      const free = others.filter((row) => !kept.has(row.id));
      const match = findByName(free, name);
      if (!match) {
        await insertList(trx, householdId, 'category', name, position, now);
        continue;
      }
      kept.add(match.id);
      if (match.name !== name || match.position !== position) await updateList(trx, householdId, match.id, { name, position });
    }
    for (const row of others) {
      if (kept.has(row.id)) continue;
      await updateList(trx, householdId, row.id, { deleted: true }); // its toys follow (replicated/apply.ts)
    }
    await mergeSameNamedLists(trx, householdId); // a same-named list pushed meanwhile (decision 008)
  });
}

/** PUT deleteType {typeToDelete}. */
export async function deleteCategory(deps: AppDeps, householdId: HouseholdId, name: string): Promise<void> {
  if (sameName(name, UNCATEGORIZED_NAME)) throw badRequest('Uncategorized cannot be deleted.');
  await replicatedTransaction(deps, householdId, { quotas: ['lists', 'toys'], announce: ['lists', 'toys'] }, async ({ trx }) => {
    await mergeSameNamedLists(trx, householdId); // heal first: the call then acts on one list per name
    const row = findByName((await loadLists(trx, householdId)).categories, name);
    if (!row) throw notFound(`There is no category named "${name.trim()}".`);
    if (row.id === UNCATEGORIZED_ID) throw badRequest('Uncategorized cannot be deleted.');
    await updateList(trx, householdId, row.id, { deleted: true }); // its toys follow (replicated/apply.ts)
  });
}

/**
 * PUT updateTypeName {newTypeName, index, toyTypes}: renames the category at `index` of the
 * user's order. `toyTypes` is what the client saw (before or after its rename); if the name at
 * `index` is neither the current nor the new name, the lists changed elsewhere: 409, no change.
 */
export async function renameCategory(
  deps: AppDeps,
  householdId: HouseholdId,
  input: { newTypeName: string; index: number; toyTypes?: string[] | undefined },
): Promise<void> {
  const newName = input.newTypeName.trim();
  if (!newName) throw badRequest('Please type a name for the category.');
  await replicatedTransaction(deps, householdId, { quotas: ['lists', 'toys'], announce: ['lists', 'toys'] }, async ({ trx }) => {
    await mergeSameNamedLists(trx, householdId); // heal first: the call then acts on one list per name
    const { categories } = await loadLists(trx, householdId);
    const row = categories[input.index];
    if (!row) throw notFound('That category was not found. Please reload and try again.');
    if (row.id === UNCATEGORIZED_ID) throw badRequest('Uncategorized cannot be renamed.');
    const seen = input.toyTypes?.[input.index];
    if (seen !== undefined && seen.trim() !== row.name && seen.trim() !== newName) {
      throw conflict('Your categories changed on another device. Please reload and try again.');
    }
    if (categories.some((other) => other.id !== row.id && sameName(other.name, newName))) {
      throw badRequest(`There is already a category named "${newName}".`);
    }
    if (row.name !== newName) await updateList(trx, householdId, row.id, { name: newName });
    await mergeSameNamedLists(trx, householdId);
  });
}
