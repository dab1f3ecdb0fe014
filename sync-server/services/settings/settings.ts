import { planLimits } from '../../../shared/domain/plans.js';
import { existingChildIds } from '../../../shared/domain/children.js';
import { isKnownTimeZone, nextDueDay } from '../../../shared/domain/schedule.js';
import { FIRST_CHILD_ID, rotationModeSchema } from '../../../shared/schemas/docs.js';
import type { LastRotationDate, PracticeSettings, RestSettings } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';

import { badRequest, notFound } from '../../lib/http-error.js';
import { nextSeq } from '../change-feed.js';
import { loadLists } from '../lists/list-store.js';
import { writeReplicated } from '../replicated-write.js';
import { isoDate } from '../toys/toy-mapper.js';
import { childMaxRotationCount, loadSettingsDoc } from '../practice/children.js';
import type { PlanScope } from '../household/scope.js';

async function settingsRow(db: AppDeps['db'], userId: string) {
  const row = await db.selectFrom('settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('Your settings were not found. Please log in again.');
  return row;
}

/** GET getsettings: a list of one, as the spec's client reads it (`user` is the household scope). */
export async function getSettings(deps: AppDeps, user: PlanScope): Promise<RestSettings[]> {
  const row = await settingsRow(deps.db, user.id);
  const lists = await loadLists(deps.db, user.id);
  const intervalDays = row.rotation_interval_days === null ? null : Number(row.rotation_interval_days);
  const lastRotationDate = row.last_rotation_date === null ? null : Number(row.last_rotation_date);
  return [
    {
      toysLimit: planLimits(user.plan).toysLimit,
      rotationToysNumber: row.rotation_toys_number,
      toyTypes: lists.categories.map((c) => c.name),
      toysBaskets: lists.collections.map((c) => c.name),
      id: user.id,
      rotationMode: rotationModeSchema.safeParse(row.rotation_mode).data ?? 'random',
      rotationIntervalDays: intervalDays,
      nextRotationDue: nextDueDay({ lastRotationDate, rotationIntervalDays: intervalDays }, row.time_zone, deps.now()),
      reminderEmail: row.reminder_email === 1,
      timeZone: row.time_zone,
    },
  ];
}

/** PUT updateSettings with issue 14's options: the household's mode, reminders, time zone; the first child's interval. */
export async function updatePracticeSettings(deps: AppDeps, ownerId: string, body: PracticeSettings): Promise<void> {
  if (body.timeZone && !isKnownTimeZone(body.timeZone)) throw badRequest(`timeZone: "${body.timeZone}" is not a time zone this server knows`);
  await writeReplicated(deps, ownerId, ['settings'], async (trx) => {
    await trx
      .updateTable('settings')
      .set({
        ...(body.rotationMode !== undefined ? { rotation_mode: body.rotationMode } : {}),
        ...(body.rotationIntervalDays !== undefined ? { rotation_interval_days: body.rotationIntervalDays } : {}),
        ...(body.reminderEmail !== undefined ? { reminder_email: body.reminderEmail ? 1 : 0 } : {}),
        ...(body.timeZone !== undefined ? { time_zone: body.timeZone } : {}),
        seq: await nextSeq(trx),
      })
      .where('user_id', '=', ownerId)
      .execute();
  });
}

/** PUT updateToyRotationNumber: 0 up to the toy count minus kept toys (spec section 5), the first child's toys. */
export async function updateRotationNumber(deps: AppDeps, userId: string, value: number): Promise<string> {
  return writeReplicated(deps, userId, ['settings'], async (trx) => {
    // The first child's count: its own active toys minus its kept ones (the app's rule).
    const max = await childMaxRotationCount(trx, userId, FIRST_CHILD_ID, existingChildIds(await loadSettingsDoc(trx, userId)));
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
