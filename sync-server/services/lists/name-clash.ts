import type { Transaction } from 'kysely';
import { listNameKey } from '../../../shared/domain/list-names.js';
import { UNCATEGORIZED_ID } from '../../../shared/schemas/docs.js';
import type { Database, ListRow, HouseholdId } from '../../db/schema.js';
import { moveToysToList, scopeOf } from '../replicated/apply.js';
import { updateList } from './list-store.js';

// Names of categories and collections are unique per kind after every write, whatever the
// path: the same name added offline on two devices (random ids after a delete), two renames
// to one name, an add racing a rename, through sync or REST (decision 008).

/**
 * Which of two same-named lists survives, the same answer on every path: Uncategorized always;
 * else the one whose stored state is oldest in the server's order (lowest seq, then id), i.e.
 * the list that already had the name; the one that came to the clash later is merged into it.
 */
function survivorFirst(a: ListRow, b: ListRow): number {
  const fixed = Number(b.id === UNCATEGORIZED_ID) - Number(a.id === UNCATEGORIZED_ID);
  if (fixed !== 0) return fixed;
  return Number(a.seq) - Number(b.seq) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Serialises, per user, the writes that read lists and then write toys or lists (PostgreSQL
 * runs transactions side by side; SQLite already runs one at a time): a toys push that read
 * "list Y unknown" must not commit after a lists push merged Y away, or its toy would keep
 * pointing at Y. A no-op update of the user's Uncategorized row takes its row lock until
 * commit, without using a sequence number. Call it first in the transaction.
 */
export async function lockListsOf(trx: Transaction<Database>, householdId: HouseholdId): Promise<void> {
  await trx
    .updateTable('lists')
    .set((eb) => ({ seq: eb.ref('seq') }))
    .where('household_id', '=', householdId)
    .where('id', '=', UNCATEGORIZED_ID)
    .execute();
}

export type ClashOutcome = { listsChanged: boolean; toysChanged: boolean };

/**
 * Merges every group of live same-named lists of one kind into its survivor: the others are
 * deleted with `merged_into` set (so a toy pushed later with their id lands in the survivor),
 * and their toys move to the survivor. Runs at the end of every transaction that writes lists.
 */
export async function mergeSameNamedLists(trx: Transaction<Database>, householdId: HouseholdId): Promise<ClashOutcome> {
  await lockListsOf(trx, householdId);
  const rows = await trx.selectFrom('lists').selectAll().where('household_id', '=', householdId).where('deleted', '=', 0).execute();
  const groups = new Map<string, ListRow[]>();
  for (const row of rows) {
    const key = `${row.kind}:${listNameKey(row.name)}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const outcome: ClashOutcome = { listsChanged: false, toysChanged: false };
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const [survivor, ...losers] = [...group].sort(survivorFirst) as [ListRow, ...ListRow[]];
    for (const loser of losers) {
      // Its toys first, so that deleting it moves none of them to Uncategorized.
      if ((await moveToysToList(scopeOf(trx, householdId), survivor.kind, loser.id, survivor.id)) > 0) outcome.toysChanged = true;
      await updateList(trx, householdId, loser.id, { deleted: true, mergedInto: survivor.id });
      outcome.listsChanged = true;
    }
  }
  return outcome;
}
