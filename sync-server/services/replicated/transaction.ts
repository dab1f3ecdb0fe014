import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import type { HouseholdId, ReplicatedTable } from '../../db/schema.js';
import type { PlanScope } from '../household/owner.js';
import { householdPlan } from '../household/households.js';
import { lockListsOf, mergeSameNamedLists } from '../lists/name-clash.js';
import { enforceQuotas } from '../quotas/quotas.js';
import { forgetLists, writeScope, type WriteScope } from './apply.js';

// The one transaction of a write to a household's replicated tables (decision 036): sync
// pushes, REST services and imports run their applyChange calls inside it, so each takes the
// same lock, keeps the same invariants and caps, and announces the same way.

export type ReplicatedWriteOptions = {
  /**
   * The tables whose per-account caps are checked after the write (decision 010): a list, or
   * 'changed' for the tables the write changed. Over a cap, the whole write is refused (403)
   * and nothing is stored.
   */
  quotas: SyncTable[] | 'changed';
  /** Tables announced to live streams after the commit even if nothing in them changed. */
  announce?: ReplicatedTable[];
  /**
   * Runs once every check has passed, just before the commit: the place for a side effect
   * outside the database (a photo's file) that a refused write must not leave behind.
   */
  beforeCommit?: () => Promise<void>;
};

/**
 * Runs `write` in one transaction under the household's lock (decision 008: taken before
 * anything is read, so a merge never works on a stored state another write is replacing).
 * After it: same-named lists become one when lists changed, the caps are checked, and once
 * committed the changed (and announced) tables are published to the household's live streams.
 */
export async function replicatedTransaction<T>(
  deps: Pick<AppDeps, 'db' | 'feed'>,
  household: HouseholdId | PlanScope,
  options: ReplicatedWriteOptions,
  write: (scope: WriteScope) => Promise<T>,
): Promise<T> {
  const householdId = typeof household === 'string' ? household : household.id;
  let changed = new Set<ReplicatedTable>();
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockListsOf(trx, householdId);
    const scope = writeScope(trx, typeof household === 'string' ? { id: householdId, plan: await householdPlan(trx, householdId) } : household);
    changed = scope.changed;
    const value = await write(scope);
    if (scope.changed.has('lists')) {
      const clash = await mergeSameNamedLists(trx, householdId);
      if (clash.listsChanged || clash.toysChanged) forgetLists(scope);
      if (clash.toysChanged) scope.changed.add('toys');
    }
    const capped = options.quotas === 'changed' ? ([...scope.changed].filter((t) => t !== 'settings') as SyncTable[]) : options.quotas;
    for (const table of capped) for (const more of await enforceQuotas(trx, scope.household, table)) scope.changed.add(more);
    await options.beforeCommit?.();
    return value;
  });
  const announced = new Set([...(options.announce ?? []), ...changed]);
  if (announced.size > 0) deps.feed.publish(householdId, [...announced]);
  return result;
}
