import type { Transaction } from 'kysely';
import { collectionsLimitMessage, planLimits, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import {
  listDocSchema,
  rotationDocSchema,
  settingsDocSchema,
  toyDocSchema,
  UNCATEGORIZED_ID,
  UNCATEGORIZED_NAME,
  type SyncCollection,
} from '../../../shared/schemas/docs.js';
import type { PushRow } from '../../../shared/schemas/sync.js';
import type { AppDeps } from '../../context.js';
import type { Database, ReplicatedTable, User } from '../../db/schema.js';
import { parseWith } from '../../lib/parse.js';
import { badRequest } from '../../lib/http-error.js';
import { mergeDocs, sameDoc, type Doc, type MergeRules } from './merge.js';
import { loadMasters, writeDoc } from './stored-docs.js';
import { moveToysToUncategorized, removeCollectionFromToys } from '../toys/toy-store.js';

const SCHEMAS = { toys: toyDocSchema, lists: listDocSchema, settings: settingsDocSchema, rotations: rotationDocSchema };

const RULES: Record<SyncCollection, MergeRules> = {
  toys: { setFields: ['collectionIds'], immutableFields: ['id', 'createdAt'] },
  lists: { immutableFields: ['id', 'kind', 'createdAt'] },
  settings: { serverFields: ['id', 'plan', 'toysLimit', 'collectionsLimit'] },
  rotations: { immutableFields: ['id'] },
};

export type PushOutcome = {
  /** RxDB's conflicts: the server's state of rows the device must adopt now. */
  conflicts: Doc[];
  /** A readable reason when a change was refused (plan limits). */
  notice?: string;
};

type ParsedRow = { incoming: Doc; assumed: Doc | undefined };

function parseDoc(collection: SyncCollection, value: Record<string, unknown>, where: string): Doc {
  const doc = parseWith(SCHEMAS[collection], value) as Record<string, unknown>;
  if (value._deleted !== undefined && typeof value._deleted !== 'boolean') throw badRequest(`${where}: _deleted must be a boolean`);
  return { ...doc, _deleted: value._deleted === true };
}

/** Validates every row first: garbage anywhere is a 400 and nothing is stored. */
export function parsePushRows(collection: SyncCollection, user: User, rows: PushRow[]): ParsedRow[] {
  return rows.map((row, index) => {
    const incoming = parseDoc(collection, row.newDocumentState, `row ${index}`);
    const assumed = row.assumedMasterState ? parseDoc(collection, row.assumedMasterState, `row ${index}`) : undefined;
    if (collection === 'settings' && incoming.id !== user.id) throw badRequest(`row ${index}: settings id must be the user's id`);
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
export async function pushChanges(deps: AppDeps, user: User, collection: SyncCollection, rows: PushRow[]): Promise<PushOutcome> {
  const parsed = parsePushRows(collection, user, rows);
  const changed = new Set<ReplicatedTable>();
  const outcome: PushOutcome = { conflicts: [] };
  const limits = planLimits(user.plan);

  await deps.db.transaction().execute(async (trx) => {
    const ids = parsed.map((row) => row.incoming.id as string);
    const masters = await loadMasters(trx, user, collection, ids);
    const lists = collection === 'toys' || collection === 'lists' ? await loadListStates(trx, user.id) : new Map<string, ListState>();
    let liveToys = collection === 'toys' ? await countLive(trx, user.id, 'toys') : 0;
    let liveCollections = [...lists.values()].filter((l) => l.kind === 'collection' && !l.deleted).length;

    for (const { incoming, assumed } of parsed) {
      const id = incoming.id as string;
      const master = masters.get(id);
      let merged = mergeDocs(master, assumed, incoming, RULES[collection]);
      if (collection === 'settings' && !master) merged = { ...merged, plan: user.plan === 'paid' ? 'paid' : 'free', ...limits };
      merged = normalise(collection, merged, lists);

      if (!master && !merged._deleted) {
        const refusal = limitRefusal(collection, merged, { liveToys, liveCollections, user, limits });
        if (refusal) {
          // Not stored: the client rolls its copy back to "deleted" and shows the reason.
          outcome.conflicts.push({ ...incoming, _deleted: true });
          outcome.notice = refusal;
          continue;
        }
        if (collection === 'toys') liveToys++;
        if (collection === 'lists' && merged.kind === 'collection') liveCollections++;
      }

      if (!master || !sameDoc(merged, master)) {
        await writeDoc(trx, user.id, collection, merged, !master);
        masters.set(id, merged);
        changed.add(collection);
        if (collection === 'lists') {
          await cascadeListChange(trx, user.id, master, merged, changed);
          lists.set(id, { kind: merged.kind as string, deleted: merged._deleted });
        }
        // Stored: the push is acknowledged as sent, and the stream makes the device pull the
        // merged state. Answering it as a conflict instead would lose a local write made
        // during the round trip (RxDB then keeps the stale base; see decision record 002).
      } else if (!sameDoc(merged, incoming)) {
        // Nothing new stored (a delete won, a replay, a fixed field): no change event will
        // come, so the device must adopt the server's state now.
        outcome.conflicts.push(merged);
      }
    }
  });

  if (changed.size > 0) deps.feed.publish(user.id, [...changed]);
  return outcome;
}

type ListState = { kind: string; deleted: boolean };

async function loadListStates(trx: Transaction<Database>, userId: string): Promise<Map<string, ListState>> {
  const rows = await trx.selectFrom('lists').select(['id', 'kind', 'deleted']).where('user_id', '=', userId).execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, deleted: Boolean(row.deleted) }]));
}

async function countLive(trx: Transaction<Database>, userId: string, table: 'toys'): Promise<number> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Invariants no client can break, even when its pushes arrive out of order: Uncategorized is
 * fixed; a toy never points at a deleted category or collection. Unknown list ids are kept,
 * because the lists push of the same client may simply not have arrived yet.
 */
function normalise(collection: SyncCollection, doc: Doc, lists: Map<string, ListState>): Doc {
  if (collection === 'lists' && doc.id === UNCATEGORIZED_ID) {
    return { ...doc, kind: 'category', name: UNCATEGORIZED_NAME, _deleted: false };
  }
  if (collection === 'settings') return { ...doc, _deleted: false }; // one per user, never deleted
  if (collection !== 'toys') return doc;
  const isDeleted = (id: unknown) => lists.get(id as string)?.deleted === true;
  const categoryId = isDeleted(doc.categoryId) ? UNCATEGORIZED_ID : doc.categoryId;
  const collectionIds = (doc.collectionIds as string[]).filter((id, i, all) => !isDeleted(id) && all.indexOf(id) === i);
  return { ...doc, categoryId, collectionIds };
}

function limitRefusal(
  collection: SyncCollection,
  doc: Doc,
  ctx: { liveToys: number; liveCollections: number; user: User; limits: { toysLimit: number; collectionsLimit: number } },
): string | null {
  if (collection === 'toys' && ctx.liveToys >= ctx.limits.toysLimit) return TOYS_LIMIT_MESSAGE;
  if (collection === 'lists' && doc.kind === 'collection' && ctx.liveCollections >= ctx.limits.collectionsLimit) {
    return collectionsLimitMessage(ctx.user.plan);
  }
  return null;
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
