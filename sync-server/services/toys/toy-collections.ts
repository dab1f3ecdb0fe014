import type { RestToy, UpdateBasketBody } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { findByName, loadLists } from '../lists/list-store.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { parseIds } from '../sync/row-mapping.js';
import { toRestToy } from './toy-mapper.js';
import { findToys, patchToy, TOY_NOT_FOUND } from './toy-store.js';
import type { HouseholdId } from '../../db/schema.js';

/**
 * PUT updateBasket: puts the toys in a collection (or takes them out with `remove`). All or
 * nothing: if any id is not a live toy of this user, nothing changes (404).
 */
export async function updateToysCollection(deps: AppDeps, householdId: HouseholdId, body: UpdateBasketBody): Promise<{ msg: string; toys: RestToy[] }> {
  const ids = [...new Set(body.ids)];
  return replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    const lists = await loadLists(trx, householdId);
    const collection = findByName(lists.collections, body.basket);
    if (!collection) throw notFound(`There is no collection named "${body.basket.trim()}".`);
    const rows = await findToys(trx, householdId, ids);
    if (rows.length !== ids.length) throw notFound(ids.length === 1 ? TOY_NOT_FOUND : 'Some of these toys were not found.');
    const toys: RestToy[] = [];
    for (const row of rows) {
      const current = parseIds(row.collection_ids);
      const has = current.includes(collection.id);
      const next = body.remove ? current.filter((id) => id !== collection.id) : has ? current : [...current, collection.id];
      if (next.length !== current.length) {
        row.collection_ids = JSON.stringify(next);
        await patchToy(trx, householdId, row.id, { collectionIds: next });
      }
      toys.push(toRestToy(row, lists));
    }
    const verb = body.remove ? 'removed from' : 'added to';
    return { msg: `${rows.length} ${rows.length === 1 ? 'toy' : 'toys'} ${verb} ${collection.name}.`, toys };
  });
}
