import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { pickForChild } from '../../../shared/domain/balanced-pick.js';
import { findChild, listChildren } from '../../../shared/domain/children.js';
import { rotationMessage, type RandomInt } from '../../../shared/domain/rotation.js';
import { ALL_TOYS, COLLECTION_NOT_FOUND, EMPTY_COLLECTION_MESSAGE, type RotationSource } from '../../../shared/domain/rotation-source.js';
import { FIRST_CHILD_ID } from '../../../shared/schemas/docs.js';
import type { RestToy } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { Database, HouseholdId } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { liveRotationsNewestFirst } from './rotation-order.js';
import { loadLists } from '../lists/list-store.js';
import { trimRotationHistory } from '../quotas/quotas.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { parseIds, settingsFromRow } from '../sync/row-mapping.js';
import { createDoc, scopeOf } from '../replicated/apply.js';
import { toRestToy } from '../toys/toy-mapper.js';
import { findToys, listToyRows, patchToy } from '../toys/toy-store.js';

type Db = Kysely<Database> | Transaction<Database>;

const secureRandomInt: RandomInt = (maxExclusive) => cryptoRandomInt(maxExclusive);

export type RotationResult = { msg: string; toyIds: string[]; rotationId: string | null; childId: string; previousToyIds: string[] };

/**
 * GET pickRandomToys (the first child) and POST rotateChild/{childId}: every kept toy plus the
 * child's rotation count of others, picked by the household's rotationMode with the one rule
 * the devices use offline (shared/domain/balanced-pick.ts; crypto randomness). The rotation is
 * kept as history (a rotations row), each chosen toy remembers when it last came out, and the
 * child's last rotation date (for the first child, the settings' lastRotationDate) becomes now.
 * With nothing to bring out (no toys, or all excluded or retired) nothing is recorded: the
 * answer says so and the last rotation date stays (issue 16, polish 1; the app does the same).
 * `source` (decision 047): a draw from one collection, or one whole collection brought out; a
 * collection that is not this household's is a 404 (nothing changes), one with nothing to
 * bring out answers EMPTY_COLLECTION_MESSAGE and records nothing.
 */
export async function rotateToys(
  deps: AppDeps,
  householdId: HouseholdId,
  options: { childId?: string; randomInt?: RandomInt; source?: RotationSource } = {},
): Promise<RotationResult> {
  const now = deps.now();
  const childId = options.childId ?? FIRST_CHILD_ID;
  const source = options.source ?? ALL_TOYS;
  const result = await replicatedTransaction(deps, householdId, { quotas: ['rotations', 'toys', 'settings'], announce: ['rotations', 'toys', 'settings'] }, async ({ trx }) => {
    const row = await trx.selectFrom('settings').selectAll().where('household_id', '=', householdId).executeTakeFirstOrThrow();
    const settings = settingsFromRow(row, 'free');
    const child = findChild(settings, childId);
    if (!child) throw notFound(CHILD_NOT_FOUND);
    if (source.kind !== 'all' && !(await isCollection(trx, householdId, source.collectionId))) throw notFound(COLLECTION_NOT_FOUND);
    // Oldest first, so the kept toys come out in the order they were added.
    const rows = (await listToyRows(trx, householdId)).reverse();
    const history = await childHistory(trx, householdId, childId);
    const { toyIds: picked, at } = pickForChild({
      mode: settings.rotationMode,
      childId,
      childIds: new Set(listChildren(settings).map((c) => c.id)),
      toys: rows.map((toy) => ({
        id: toy.id,
        excluded: toy.excluded === 1,
        favorite: toy.favorite === 1,
        retired: toy.retired === 1,
        categoryId: toy.category_id,
        childIds: parseIds(toy.child_ids),
        collectionIds: parseIds(toy.collection_ids),
      })),
      count: child.rotationToysNumber,
      history,
      randomInt: options.randomInt ?? secureRandomInt,
      now,
      source,
    });
    if (picked.length === 0) return { toyIds: picked, rotationId: null, previousToyIds: history[0] ?? [] };
    const rotationId = randomUUID();
    // Stored as a device's new rotation is: it becomes the child's latest, whose date is now the child's last rotation date.
    await createDoc(scopeOf(trx, householdId), 'rotations', { id: rotationId, createdAt: at, toyIds: picked, serverOrder: null, childId, observations: {} });
    await trimRotationHistory(trx, householdId); // a rolling history (decision 010)
    for (const id of picked) await patchToy(trx, householdId, id, { lastRotatedAt: at });
    return { toyIds: picked, rotationId, previousToyIds: history[0] ?? [] };
  });
  const msg = result.toyIds.length === 0 && source.kind !== 'all' ? EMPTY_COLLECTION_MESSAGE : rotationMessage(result.toyIds.length);
  return { msg, childId, ...result };
}

/** Whether `collectionId` is one of this household's live collections (another household's is not). */
async function isCollection(db: Db, householdId: HouseholdId, collectionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lists')
    .select('id')
    .where('household_id', '=', householdId)
    .where('id', '=', collectionId)
    .where('kind', '=', 'collection')
    .where('deleted', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export const CHILD_NOT_FOUND = 'That child was not found.';

/** The toy ids of a child's rotations, newest first in the server's order. */
async function childHistory(db: Db, householdId: HouseholdId, childId: string): Promise<string[][]> {
  const rows = await liveRotationsNewestFirst(db, householdId).select('toy_ids').where('child_id', '=', childId).limit(100).execute();
  return rows.map((row) => parseIds(row.toy_ids));
}

/**
 * GET getuserrandomtoys: the latest rotation's toys in its order, minus toys deleted since.
 * Latest in the order the server accepted rotations (accepted_seq), not by the creating
 * device's clock (decision 008).
 */
export async function currentRotationToys(deps: AppDeps, householdId: HouseholdId, childId: string = FIRST_CHILD_ID): Promise<RestToy[]> {
  const latest = await latestRotationRow(deps.db, householdId, childId);
  if (!latest) return [];
  const ids = parseIds(latest.toy_ids);
  if (ids.length === 0) return [];
  const rows = await findToys(deps.db, householdId, ids);
  const lists = await loadLists(deps.db, householdId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRestToy(row, lists)] : [];
  });
}

/** A child's latest rotation (id and toys), in the order the server accepted rotations (decision 008). */
export async function latestRotationRow(db: Db, householdId: HouseholdId, childId: string): Promise<{ id: string; toy_ids: string } | undefined> {
  return liveRotationsNewestFirst(db, householdId).select(['id', 'toy_ids']).where('child_id', '=', childId).limit(1).executeTakeFirst();
}
