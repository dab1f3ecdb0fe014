import type { Transaction } from 'kysely';
import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { PushRow } from '../../../shared/schemas/sync.js';
import type { AppDeps } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/http-error.js';
import { householdLeft } from '../household/scope.js';
import { sameDoc, type Doc } from './merge.js';
import { assertOwnPhotos } from '../quotas/quotas.js';
import { applyChange, loadMasters } from '../replicated/apply.js';
import { REPLICATED } from '../replicated/registry.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import type { PlanScope } from '../household/scope.js';

export type PushOutcome = {
  /** RxDB's conflicts: the server's state of rows the device must adopt now. */
  conflicts: Doc[];
  /** A readable reason when a change was refused (sent as the x-sync-notice header). Plan
   * limits never refuse a push: what a device made while it had room is kept (decision 008). */
  notice?: string;
  /** A hand-in: how many of its rows could not be taken (deletions, or changed since leaving). */
  handInRefused?: number;
};

type ParsedRow = { incoming: Doc; assumed: Doc | undefined };

/** Validates every row first: garbage anywhere is a 400 and nothing is stored. */
function parsePushRows(table: SyncTable, user: PlanScope, rows: PushRow[]): ParsedRow[] {
  const entry = REPLICATED[table];
  return rows.map((row, index) => {
    const incoming = entry.parse(row.newDocumentState, `row ${index}`);
    const assumed = row.assumedMasterState ? entry.parse(row.assumedMasterState, `row ${index}`) : undefined;
    if (entry.keyedByHousehold && incoming.id !== user.id) throw badRequest(`row ${index}: ${table} id must be the household's id`);
    return { incoming, assumed };
  });
}

/**
 * Merges each pushed document into the stored one (field by field, see merge.ts) and stores
 * what changed with a new sequence number; the device pulls the merged state on the change
 * event. When nothing was stored but the device's state differs (a delete won, a replay, a
 * refused change), the server's state is answered as a conflict for the device to adopt.
 * Idempotent: a replayed push merges to the stored row and writes nothing.
 */
export async function pushChanges(
  deps: AppDeps,
  user: PlanScope & { handInSince?: number },
  table: SyncTable,
  rows: PushRow[],
  options: { restoredFrom?: number } = {},
): Promise<PushOutcome> {
  let parsed = parsePushRows(table, user, rows);
  const outcome: PushOutcome = { conflicts: [] };
  const handIn = user.handInSince;
  if (handIn !== undefined && !REPLICATED[table].handIn) throw householdLeft();

  // Per-account caps (decision 010) of the pushed table: over one, the whole push is refused.
  await replicatedTransaction(deps, user, { quotas: [table] }, async (scope) => {
    const { trx } = scope;
    let refused = 0;
    if (handIn !== undefined) {
      // A hand-in (decision 016): additions and edits only, of rows nobody changed since the
      // person left; never a delete.
      const changedSince = await idsBySeq(trx, user, table, parsed.map((row) => row.incoming.id as string), '>', handIn);
      const kept = parsed.filter(({ incoming }) => !incoming._deleted && !changedSince.has(incoming.id as string));
      refused = parsed.length - kept.length;
      parsed = kept;
    }
    const ids = parsed.map((row) => row.incoming.id as string);
    const masters = await loadMasters(trx, user, table, ids);
    if (table === 'toys') {
      const newPhotos = parsed.map(({ incoming }) => (incoming.mediaId !== masters.get(incoming.id as string)?.mediaId ? (incoming.mediaId as string | null) : null));
      await assertOwnPhotos(trx, user.id, newPhotos);
    }
    const unchanged = options.restoredFrom === undefined ? new Set<string>() : await idsBySeq(trx, user, table, ids, '<', options.restoredFrom);

    for (const { incoming, assumed: sent } of parsed) {
      const id = incoming.id as string;
      const master = masters.get(id);
      // Reconverging after the server went back in time (decision 007): a row nobody changed
      // since then is an older state of what the device holds, so the device's fields win;
      // a row changed since keeps those changes (the device's base is left out: stored wins).
      const assumed = options.restoredFrom === undefined ? sent : unchanged.has(id) ? master : undefined;
      // No plan-limit refusal here: a device only adds while it sees room, so what reaches the
      // server was made in good faith and is kept; the limit then blocks new adds everywhere
      // and the app marks what is over it (decision 008).
      const applied = await applyChange(scope, table, incoming, { mode: 'merge', assumed, master });
      if (applied.stored) {
        masters.set(id, applied.doc);
        // Stored: the push is acknowledged as sent, and the stream makes the device pull the
        // merged state. Answering it as a conflict instead would lose a local write made
        // during the round trip (RxDB then keeps the stale base; see decision record 002).
      } else if (!sameDoc(applied.doc, incoming)) {
        // Nothing new stored (a delete won, a replay, a fixed field): no change event will
        // come, so the device must adopt the server's state now.
        outcome.conflicts.push(applied.doc);
      }
    }
    if (handIn !== undefined) {
      // Write-only: a person who left reads nothing of the household, not even a conflict.
      outcome.conflicts = [];
      outcome.notice = handInNotice(parsed.length, refused);
      outcome.handInRefused = refused;
    }
  });
  return outcome;
}

function handInNotice(taken: number, refused: number): string {
  const left = 'You are no longer a member of this household.';
  if (refused === 0) return `${left} Your changes made before were handed in to it.`;
  return `${left} ${taken} of your changes were handed in to it; ${refused} could not be (deletions, or things changed since you left).`;
}

/**
 * Ids of the given rows whose last change (by anyone) is after (`>`) or before (`<`) `seq`.
 * The settings are one row per household, keyed by the household's id.
 */
async function idsBySeq(trx: Transaction<Database>, user: PlanScope, table: SyncTable, ids: string[], compare: '>' | '<', seq: number): Promise<Set<string>> {
  if (table === 'settings') {
    const row = await trx.selectFrom('settings').select('seq').where('household_id', '=', user.id).executeTakeFirst();
    const hit = row !== undefined && (compare === '>' ? Number(row.seq) > seq : Number(row.seq) < seq);
    return new Set(hit && ids.includes(user.id) ? [user.id] : []);
  }
  const out = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 200) {
    const rows = await trx
      .selectFrom(table)
      .select('id')
      .where('household_id', '=', user.id)
      .where('id', 'in', unique.slice(i, i + 200))
      .where('seq', compare, seq)
      .execute();
    for (const row of rows) out.add(row.id);
  }
  return out;
}
