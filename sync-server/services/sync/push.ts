import type { Transaction } from 'kysely';
import { planLimits } from '../../../shared/domain/plans.js';
import { settleKeptAndExcluded } from '../../../shared/domain/toy-flags.js';
import {
  listDocSchema,
  FIRST_CHILD_ID,
  PRACTICE_DEFAULTS,
  rotationDocSchema,
  settingsDocSchema,
  toyDocSchema,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
  type SyncTable,
} from '../../../shared/schemas/docs.js';
import type { PushRow } from '../../../shared/schemas/sync.js';
import type { AppDeps } from '../../context.js';
import type { Database, ReplicatedTable } from '../../db/schema.js';
import { parseWith } from '../../lib/parse.js';
import { badRequest } from '../../lib/http-error.js';
import { householdLeft } from '../household/scope.js';
import { mergeDocs, sameDoc, type Doc, type MergeRules } from './merge.js';
import { loadMasters, writeDoc } from './stored-docs.js';
import { keepCurrentRotationDates } from './rotation-dates.js';
import { asTombstone } from './tombstones.js';
import { lockListsOf, mergeSameNamedLists, resolveListId, type ListFate } from '../lists/name-clash.js';
import { assertOwnPhotos, enforceQuotas } from '../quotas/quotas.js';
import { stampChildRotation } from '../rotation/rotation.js';
import { moveToysToUncategorized, removeCollectionFromToys } from '../toys/toy-store.js';
import type { PlanScope } from '../household/scope.js';

const SCHEMAS = { toys: toyDocSchema, lists: listDocSchema, settings: settingsDocSchema, rotations: rotationDocSchema };

const RULES: Record<SyncTable, MergeRules> = {
  toys: { setFields: ['collectionIds', 'childIds'], immutableFields: ['id', 'createdAt'], serverFields: ['createdBy', 'updatedBy'] },
  // createdAt tells a list made again under a deleted name-derived id from a replayed create (decision 008).
  lists: { immutableFields: ['id', 'kind', 'createdAt'], lifeField: 'createdAt' },
  // children: key by key, each child field by field (decision 018).
  settings: { serverFields: ['id', 'plan', 'toysLimit', 'collectionsLimit'], recordFields: ['children'] },
  // observations: toy by toy, so devices observing different toys never conflict (decision 018).
  rotations: { immutableFields: ['id', 'childId'], serverFields: ['serverOrder', 'createdBy'], recordFields: ['observations'] },
};

/** An app version from before issue 14 does not send its fields: they take the defaults. */
function withPracticeDefaults(table: SyncTable, value: Record<string, unknown>): Record<string, unknown> {
  if (table === 'lists') return value;
  const defaults: Record<string, unknown> = PRACTICE_DEFAULTS[table];
  const missing = Object.keys(defaults).filter((key) => value[key] === undefined);
  return missing.length === 0 ? value : { ...Object.fromEntries(missing.map((key) => [key, defaults[key]])), ...value };
}

export type PushOutcome = {
  /** RxDB's conflicts: the server's state of rows the device must adopt now. */
  conflicts: Doc[];
  /** A readable reason when a change was refused (sent as the x-sync-notice header). Plan
   * limits never refuse a push: what a device made while it had room is kept (decision 008). */
  notice?: string;
};

type ParsedRow = { incoming: Doc; assumed: Doc | undefined };

function parseDoc(table: SyncTable, value: Record<string, unknown>, where: string): Doc {
  // A client from before serverOrder existed sends rotations without it; the server owns it anyway.
  const legacy = table === 'rotations' && value.serverOrder === undefined ? { ...value, serverOrder: null } : value;
  const input = withPracticeDefaults(table, legacy);
  const doc = parseWith(SCHEMAS[table], input, where) as Record<string, unknown>;
  if (value._deleted !== undefined && typeof value._deleted !== 'boolean') throw badRequest(`${where}: _deleted must be a boolean`);
  return { ...doc, _deleted: value._deleted === true };
}

/** Validates every row first: garbage anywhere is a 400 and nothing is stored. */
function parsePushRows(table: SyncTable, user: PlanScope, rows: PushRow[]): ParsedRow[] {
  return rows.map((row, index) => {
    const incoming = parseDoc(table, row.newDocumentState, `row ${index}`);
    const assumed = row.assumedMasterState ? parseDoc(table, row.assumedMasterState, `row ${index}`) : undefined;
    if (table === 'settings' && incoming.id !== user.id) throw badRequest(`row ${index}: settings id must be the household's id`);
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
  const changed = new Set<ReplicatedTable>();
  const outcome: PushOutcome = { conflicts: [] };
  const handIn = user.handInSince;
  if (handIn !== undefined && table === 'settings') throw householdLeft();

  await deps.db.transaction().execute(async (trx) => {
    // The household's lock, before anything is read (decision 008): PostgreSQL runs pushes side
    // by side, and a merge against a stored state read before another push committed would
    // write over that push's change; a toys push must also not read lists another merges away.
    await lockListsOf(trx, user.id);
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
    const lists = table === 'toys' || table === 'lists' ? await loadListStates(trx, user.id) : new Map<string, ListFate>();

    for (const { incoming, assumed: sent } of parsed) {
      const id = incoming.id as string;
      const master = masters.get(id);
      // Reconverging after the server went back in time (decision 007): a row nobody changed
      // since then is an older state of what the device holds, so the device's fields win;
      // a row changed since keeps those changes (the device's base is left out: stored wins).
      const assumed = options.restoredFrom === undefined ? sent : unchanged.has(id) ? master : undefined;
      let merged = mergeDocs(master, assumed, incoming, RULES[table]);
      if (table === 'settings' && !master) merged = { ...merged, plan: user.plan === 'paid' ? 'paid' : 'free', ...planLimits(user.plan) };
      // Who rotated: the user whose push first stores the rotation (a device's value is ignored).
      merged = asTombstone(table, normalise(table, merged, lists, { assumed, incoming }));
      if (table === 'settings') merged = await keepCurrentRotationDates(trx, user.id, merged, master);
      // No plan-limit refusal here: a device only adds while it sees room, so what reaches the
      // server was made in good faith and is kept; the limit then blocks new adds everywhere
      // and the app marks what is over it (decision 008).

      if (!master || !sameDoc(merged, master)) {
        await writeDoc(trx, user.id, table, merged, !master);
        masters.set(id, merged);
        changed.add(table);
        if (table === 'lists') {
          await cascadeListChange(trx, user.id, master, merged, changed);
          lists.set(id, { kind: merged.kind as string, deleted: merged._deleted, mergedInto: null });
        }
        if (table === 'rotations' && !master && !merged._deleted) await stampLastRotation(trx, user.id, merged, changed);
        // Stored: the push is acknowledged as sent, and the stream makes the device pull the
        // merged state. Answering it as a conflict instead would lose a local write made
        // during the round trip (RxDB then keeps the stale base; see decision record 002).
      } else if (!sameDoc(merged, incoming)) {
        // Nothing new stored (a delete won, a replay, a fixed field): no change event will
        // come, so the device must adopt the server's state now.
        outcome.conflicts.push(merged);
      }
    }
    if (changed.has('lists')) {
      const clash = await mergeSameNamedLists(trx, user.id);
      if (clash.toysChanged) changed.add('toys');
    }
    // Per-account caps (decision 010): over one, the whole push is refused and nothing stored.
    for (const capped of await enforceQuotas(trx, user, table)) changed.add(capped);
    if (handIn !== undefined) {
      // Write-only: a person who left reads nothing of the household, not even a conflict.
      outcome.conflicts = [];
      outcome.notice = handInNotice(parsed.length, refused);
    }
  });

  if (changed.size > 0) deps.feed.publish(user.id, [...changed]);
  return outcome;
}

function handInNotice(taken: number, refused: number): string {
  const left = 'You are no longer a member of this household.';
  if (refused === 0) return `${left} Your changes made before were handed in to it.`;
  return `${left} ${taken} of your changes were handed in to it; ${refused} could not be (deletions, or things changed since you left).`;
}

async function loadListStates(trx: Transaction<Database>, userId: string): Promise<Map<string, ListFate>> {
  const rows = await trx.selectFrom('lists').select(['id', 'kind', 'deleted', 'merged_into']).where('user_id', '=', userId).execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, deleted: Boolean(row.deleted), mergedInto: row.merged_into }]));
}

/**
 * Ids of the given rows whose last change (by anyone) is after (`>`) or before (`<`) `seq`.
 * The settings are one row per household, keyed by the household's id.
 */
async function idsBySeq(trx: Transaction<Database>, user: PlanScope, table: SyncTable, ids: string[], compare: '>' | '<', seq: number): Promise<Set<string>> {
  if (table === 'settings') {
    const row = await trx.selectFrom('settings').select('seq').where('user_id', '=', user.id).executeTakeFirst();
    const hit = row !== undefined && (compare === '>' ? Number(row.seq) > seq : Number(row.seq) < seq);
    return new Set(hit && ids.includes(user.id) ? [user.id] : []);
  }
  const out = new Set<string>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 200) {
    const rows = await trx
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', user.id)
      .where('id', 'in', unique.slice(i, i + 200))
      .where('seq', compare, seq)
      .execute();
    for (const row of rows) out.add(row.id);
  }
  return out;
}

/**
 * Invariants no client can break, even when its pushes arrive out of order: Uncategorized is
 * fixed; a toy never points at a deleted category or collection (one merged into a same-named
 * list leads to the survivor); kept and excluded are never both on. Unknown list ids are kept,
 * because the lists push of the same client may simply not have arrived yet.
 */
function normalise(table: SyncTable, doc: Doc, lists: Map<string, ListFate>, push: { assumed: Doc | undefined; incoming: Doc }): Doc {
  if (table === 'lists' && doc.id === UNCATEGORIZED_ID) {
    return { ...doc, kind: 'category', name: UNCATEGORIZED_NAME, _deleted: false };
  }
  if (table === 'settings') return { ...doc, _deleted: false }; // one per user, never deleted
  if (table !== 'toys') return doc;
  const categoryId = resolveListId(doc.categoryId as string, lists) ?? UNCATEGORIZED_ID;
  const collectionIds = [
    ...new Set((doc.collectionIds as string[]).map((id) => resolveListId(id, lists)).filter((id): id is string => id !== null)),
  ];
  const turnedOn = (flag: 'excluded' | 'favorite') => push.incoming[flag] === true && push.assumed?.[flag] !== true;
  const flags = settleKeptAndExcluded(
    { excluded: doc.excluded === true, favorite: doc.favorite === true },
    { excluded: turnedOn('excluded'), favorite: turnedOn('favorite') },
  );
  return { ...doc, categoryId, collectionIds, ...flags };
}

/**
 * A newly stored rotation is the latest in the server's order, so its child's last rotation
 * date (the settings' lastRotationDate for the first child) becomes its date, whatever the
 * clock of the device that made it said about the others.
 */
async function stampLastRotation(trx: Transaction<Database>, userId: string, rotation: Doc, changed: Set<ReplicatedTable>) {
  const createdAt = rotation.createdAt as number;
  const childId = (rotation.childId as string | undefined) ?? FIRST_CHILD_ID;
  if (childId === FIRST_CHILD_ID) {
    const row = await trx.selectFrom('settings').select('last_rotation_date').where('user_id', '=', userId).executeTakeFirst();
    if (!row || (row.last_rotation_date !== null && Number(row.last_rotation_date) === createdAt)) return;
  }
  const before = await trx.selectFrom('settings').select('seq').where('user_id', '=', userId).executeTakeFirst();
  await stampChildRotation(trx, userId, childId, createdAt);
  const after = await trx.selectFrom('settings').select('seq').where('user_id', '=', userId).executeTakeFirst();
  if (before && after && Number(before.seq) !== Number(after.seq)) changed.add('settings');
}

/** A deleted category's toys go to Uncategorized; a deleted collection leaves its toys. */
async function cascadeListChange(trx: Transaction<Database>, userId: string, before: Doc | undefined, after: Doc, changed: Set<ReplicatedTable>) {
  if (!after._deleted || (before && before._deleted)) return;
  const moved =
    after.kind === 'category'
      ? await moveToysToUncategorized(trx, userId, after.id as string)
      : await removeCollectionFromToys(trx, userId, after.id as string);
  if (moved > 0) changed.add('toys');
}
