import type { Transaction } from 'kysely';
import type { AppDeps } from '../context.js';
import type { Database, ReplicatedTable } from '../db/schema.js';
import { lockListsOf } from './lists/name-clash.js';
import { enforceQuotasAfterWrite } from './quotas/quotas.js';

/**
 * Runs a write to replicated tables in one transaction, then tells live sync streams. Every
 * row written inside must take `seq = await nextSeq(trx)` (and soft-delete, never delete),
 * so the sync engine's pulls see the change. `beforeCommit` runs once every check has passed,
 * just before the commit: the place for a side effect outside the database (a photo's file)
 * that a refused write must not leave behind.
 */
export async function writeReplicated<T>(
  deps: Pick<AppDeps, 'db' | 'feed'>,
  userId: string,
  collections: ReplicatedTable[],
  write: (trx: Transaction<Database>) => Promise<T>,
  options: { beforeCommit?: () => Promise<void> } = {},
): Promise<T> {
  const result = await deps.db.transaction().execute(async (trx) => {
    await lockListsOf(trx, userId); // the household's lock, as every sync push takes (decision 008)
    const value = await write(trx);
    await enforceQuotasAfterWrite(trx, userId, collections); // the same caps as sync pushes (decision 010)
    await options.beforeCommit?.();
    return value;
  });
  deps.feed.publish(userId, collections);
  return result;
}
