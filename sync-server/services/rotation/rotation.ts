import { randomInt as cryptoRandomInt, randomUUID } from 'node:crypto';
import { pickRotation, rotationMessage, type RandomInt } from '../../../shared/domain/rotation.js';
import type { RestToy } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import { nextSeq } from '../change-feed.js';
import { loadLists } from '../lists/list-store.js';
import { parseIds, writeReplicated } from '../toys/replicated-write.js';
import { toRestToy } from '../toys/toy-mapper.js';
import { findToys, listToyRows, updateToyRow } from '../toys/toy-store.js';

const secureRandomInt: RandomInt = (maxExclusive) => cryptoRandomInt(maxExclusive);

/**
 * GET pickRandomToys: every kept toy plus rotationToysNumber random ones (crypto randomness).
 * The rotation is kept as history (a rotations row), each chosen toy remembers when it last
 * came out, and the settings' last rotation date becomes now.
 */
export async function rotateToys(deps: AppDeps, userId: string, randomInt: RandomInt = secureRandomInt): Promise<{ msg: string; toyIds: string[] }> {
  const now = deps.now();
  const toyIds = await writeReplicated(deps, userId, ['rotations', 'toys', 'settings'], async (trx) => {
    const settings = await trx.selectFrom('settings').select('rotation_toys_number').where('user_id', '=', userId).executeTakeFirstOrThrow();
    // Oldest first, so the kept toys come out in the order they were added.
    const rows = (await listToyRows(trx, userId)).reverse();
    const picked = pickRotation(
      rows.map((row) => ({ id: row.id, excluded: row.excluded === 1, favorite: row.favorite === 1 })),
      settings.rotation_toys_number,
      randomInt,
    );
    await trx
      .insertInto('rotations')
      .values({ user_id: userId, id: randomUUID(), created_at: now, toy_ids: JSON.stringify(picked), seq: await nextSeq(trx) })
      .execute();
    for (const id of picked) await updateToyRow(trx, userId, id, { last_rotated_at: now });
    await trx.updateTable('settings').set({ last_rotation_date: now, seq: await nextSeq(trx) }).where('user_id', '=', userId).execute();
    return picked;
  });
  return { msg: rotationMessage(toyIds.length), toyIds };
}

/** GET getuserrandomtoys: the latest rotation's toys in its order, minus toys deleted since. */
export async function currentRotationToys(deps: AppDeps, userId: string): Promise<RestToy[]> {
  const latest = await deps.db
    .selectFrom('rotations')
    .select('toy_ids')
    .where('user_id', '=', userId)
    .where('deleted', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
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
