import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { pickForChild } from '../../../shared/domain/balanced-pick.js';
import { findChild, listChildren } from '../../../shared/domain/children.js';
import { rotationMessage, type RandomInt } from '../../../shared/domain/rotation.js';
import { FIRST_CHILD_ID } from '../../../shared/schemas/docs.js';
import type { RestToy } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { liveRotationsNewestFirst } from './rotation-order.js';
import { nextSeq } from '../change-feed.js';
import { loadLists } from '../lists/list-store.js';
import { trimRotationHistory } from '../quotas/quotas.js';
import { writeReplicated } from '../replicated-write.js';
import { parseChildren, parseIds, settingsFromRow } from '../sync/row-mapping.js';
import { insertDoc } from '../sync/stored-docs.js';
import { toRestToy } from '../toys/toy-mapper.js';
import { findToys, listToyRows, updateToyRow } from '../toys/toy-store.js';

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
 */
export async function rotateToys(
  deps: AppDeps,
  ownerId: string,
  options: { childId?: string; randomInt?: RandomInt } = {},
): Promise<RotationResult> {
  const now = deps.now();
  const childId = options.childId ?? FIRST_CHILD_ID;
  const result = await writeReplicated(deps, ownerId, ['rotations', 'toys', 'settings'], async (trx) => {
    const row = await trx.selectFrom('settings').selectAll().where('user_id', '=', ownerId).executeTakeFirstOrThrow();
    const settings = settingsFromRow(row, 'free');
    const child = findChild(settings, childId);
    if (!child) throw notFound(CHILD_NOT_FOUND);
    // Oldest first, so the kept toys come out in the order they were added.
    const rows = (await listToyRows(trx, ownerId)).reverse();
    const history = await childHistory(trx, ownerId, childId);
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
      })),
      count: child.rotationToysNumber,
      history,
      randomInt: options.randomInt ?? secureRandomInt,
      now,
    });
    if (picked.length === 0) return { toyIds: picked, rotationId: null, previousToyIds: history[0] ?? [] };
    const rotationId = randomUUID();
    await insertDoc(trx, ownerId, 'rotations', { id: rotationId, createdAt: at, toyIds: picked, serverOrder: null, childId, observations: {} });
    await trimRotationHistory(trx, ownerId); // a rolling history (decision 010)
    for (const id of picked) await updateToyRow(trx, ownerId, id, { last_rotated_at: at });
    await stampChildRotation(trx, ownerId, childId, at);
    return { toyIds: picked, rotationId, previousToyIds: history[0] ?? [] };
  });
  return { msg: rotationMessage(result.toyIds.length), childId, ...result };
}

export const CHILD_NOT_FOUND = 'That child was not found.';

/** The toy ids of a child's rotations, newest first in the server's order. */
async function childHistory(db: Db, ownerId: string, childId: string): Promise<string[][]> {
  const rows = await liveRotationsNewestFirst(db, ownerId).select('toy_ids').where('child_id', '=', childId).limit(100).execute();
  return rows.map((row) => parseIds(row.toy_ids));
}

/** A child's last rotation date becomes `at` (the first child's is the settings' lastRotationDate). */
export async function stampChildRotation(trx: Transaction<Database>, ownerId: string, childId: string, at: number): Promise<void> {
  if (childId === FIRST_CHILD_ID) {
    await trx.updateTable('settings').set({ last_rotation_date: at, seq: await nextSeq(trx) }).where('user_id', '=', ownerId).execute();
    return;
  }
  const row = await trx.selectFrom('settings').select('children').where('user_id', '=', ownerId).executeTakeFirst();
  const children = parseChildren(row?.children);
  const child = children[childId];
  if (!child || child.lastRotationDate === at) return;
  children[childId] = { ...child, lastRotationDate: at };
  await trx.updateTable('settings').set({ children: JSON.stringify(children), seq: await nextSeq(trx) }).where('user_id', '=', ownerId).execute();
}

/**
 * GET getuserrandomtoys: the latest rotation's toys in its order, minus toys deleted since.
 * Latest in the order the server accepted rotations (accepted_seq), not by the creating
 * device's clock (decision 008).
 */
export async function currentRotationToys(deps: AppDeps, userId: string, childId: string = FIRST_CHILD_ID): Promise<RestToy[]> {
  const latest = await latestRotationRow(deps.db, userId, childId);
  if (!latest) return [];
  const ids = parseIds(latest.toy_ids);
  if (ids.length === 0) return [];
  const rows = await findToys(deps.db, userId, ids);
  const lists = await loadLists(deps.db, userId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRestToy(row, lists)] : [];
  });
}

/** A child's latest rotation (id and toys), in the order the server accepted rotations (decision 008). */
export async function latestRotationRow(db: Db, ownerId: string, childId: string): Promise<{ id: string; toy_ids: string } | undefined> {
  return liveRotationsNewestFirst(db, ownerId).select(['id', 'toy_ids']).where('child_id', '=', childId).limit(1).executeTakeFirst();
}
