import { planLimits } from '../../../shared/domain/plans.js';
import { maxRotationToysNumber } from '../../../shared/domain/rotation.js';
import type { LastRotationDate, RestSettings } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { User } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { nextSeq } from '../change-feed.js';
import { loadLists } from '../lists/list-store.js';
import { writeReplicated } from '../toys/replicated-write.js';
import { isoDate } from '../toys/toy-mapper.js';
import { countToys } from '../toys/toy-store.js';

async function settingsRow(db: AppDeps['db'], userId: string) {
  const row = await db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Your settings were not found. Please log in again.');
  return row;
}

/** GET getsettings: a list of one, as the spec's client reads it. */
export async function getSettings(deps: AppDeps, user: User): Promise<RestSettings[]> {
  const row = await settingsRow(deps.db, user.id);
  const lists = await loadLists(deps.db, user.id);
  return [
    {
      toysLimit: planLimits(user.plan).toysLimit,
      rotationToysNumber: row.rotation_toys_number,
      toyTypes: lists.categories.map((c) => c.name),
      toysBaskets: lists.collections.map((c) => c.name),
      id: user.id,
    },
  ];
}

/** PUT updateToyRotationNumber: 0 up to the toy count minus kept toys (spec section 5). */
export async function updateRotationNumber(deps: AppDeps, userId: string, value: number): Promise<string> {
  return writeReplicated(deps, userId, ['settings'], async (trx) => {
    const max = maxRotationToysNumber(await countToys(trx, userId), await countToys(trx, userId, { favorite: true }));
    if (value < 0 || value > max) {
      throw badRequest(`The number of toys to rotate must be between 0 and ${max} (your toys minus the kept ones).`);
    }
    await trx.updateTable('settings').set({ rotation_toys_number: value, seq: await nextSeq(trx) }).where('user_id', '=', userId).execute();
    return `Rotation number updated: ${value} ${value === 1 ? 'toy' : 'toys'} will come out each rotation.`;
  });
}

function toLastRotationDate(value: number | null): LastRotationDate[] {
  return [{ lastRotationDate: value === null ? null : isoDate(Number(value)) }];
}

export async function getLastRotationDate(deps: AppDeps, userId: string): Promise<LastRotationDate[]> {
  return toLastRotationDate((await settingsRow(deps.db, userId)).last_rotation_date);
}

/** GET updateLastRotationDate: sets it to now. */
export async function touchLastRotationDate(deps: AppDeps, userId: string): Promise<LastRotationDate[]> {
  const now = deps.now();
  await writeReplicated(deps, userId, ['settings'], async (trx) => {
    await trx.updateTable('settings').set({ last_rotation_date: now, seq: await nextSeq(trx) }).where('user_id', '=', userId).execute();
  });
  return toLastRotationDate(now);
}
