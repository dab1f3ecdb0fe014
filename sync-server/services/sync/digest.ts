import { tableDigest } from '../../../shared/sync/digest.js';
import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { SyncDigest } from '../../../shared/schemas/sync.js';
import type { AppDeps } from '../../context.js';
import { judgeCheckpoint } from './epochs.js';
import { docsFromRows } from './stored-docs.js';
import type { PlanScope } from '../household/scope.js';

/**
 * The digest of the user's live documents of a table (decision 007), read in one
 * transaction together with the position of its last change, so a device can tell "I am
 * behind" (pull first) from "we differ" (repair).
 */
export async function digestOf(deps: Pick<AppDeps, 'db'>, user: PlanScope, table: SyncTable): Promise<SyncDigest> {
  const { epoch } = await judgeCheckpoint(deps, null);
  const inEpoch = epoch ? { epoch } : {};
  return deps.db.transaction().execute(async (trx) => {
    if (table === 'settings') {
      const row = await trx.selectFrom('settings').selectAll().where('household_id', '=', user.id).executeTakeFirst();
      const digest = tableDigest(docsFromRows('settings', row ? [row] : [], user));
      return { ...digest, checkpoint: { seq: row ? Number(row.seq) : 0, id: row ? user.id : '', ...inEpoch } };
    }
    const last = await trx
      .selectFrom(table)
      .select(['seq', 'id'])
      .where('household_id', '=', user.id)
      .orderBy('seq', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const rows = await trx.selectFrom(table).selectAll().where('household_id', '=', user.id).where('deleted', '=', 0).execute();
    return {
      ...tableDigest(docsFromRows(table, rows, user)),
      // The same position a pull gives: the start position when there is nothing yet.
      checkpoint: { seq: last ? Number(last.seq) : 0, id: last?.id ?? '', ...inEpoch },
    };
  });
}
