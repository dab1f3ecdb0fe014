import { planLimits } from '../../../shared/domain/plans.js';
import { existingChildIds } from '../../../shared/domain/children.js';
import { isKnownTimeZone, nextDueDay } from '../../../shared/domain/schedule.js';
import { FIRST_CHILD_ID, rotationModeSchema } from '../../../shared/schemas/docs.js';
import type { LastRotationDate, PracticeSettings, RestSettings } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';

import { badRequest, notFound } from '../../lib/http-error.js';
import { patchSettings } from '../replicated/apply.js';
import { loadLists } from '../lists/list-store.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { isoDate } from '../toys/toy-mapper.js';
import { childMaxRotationCount, loadSettingsDoc } from '../practice/children.js';
import type { PlanScope } from '../household/scope.js';
import type { HouseholdId } from '../../db/schema.js';

async function settingsRow(db: AppDeps['db'], householdId: HouseholdId) {
  const row = await db.selectFrom('settings').selectAll().where('household_id', '=', householdId).executeTakeFirst();
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
export async function updatePracticeSettings(deps: AppDeps, householdId: HouseholdId, body: PracticeSettings): Promise<void> {
  if (body.timeZone && !isKnownTimeZone(body.timeZone)) throw badRequest(`timeZone: "${body.timeZone}" is not a time zone this server knows`);
  await replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    await patchSettings(trx, householdId, {
      ...(body.rotationMode !== undefined ? { rotationMode: body.rotationMode } : {}),
      ...(body.rotationIntervalDays !== undefined ? { rotationIntervalDays: body.rotationIntervalDays } : {}),
      ...(body.reminderEmail !== undefined ? { reminderEmail: body.reminderEmail } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
    });
  });
}

/** PUT updateToyRotationNumber: 0 up to the toy count minus kept toys (spec section 5), the first child's toys. */
export async function updateRotationNumber(deps: AppDeps, householdId: HouseholdId, value: number): Promise<string> {
  return replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    // The first child's count: its own active toys minus its kept ones (the app's rule).
    const max = await childMaxRotationCount(trx, householdId, FIRST_CHILD_ID, existingChildIds(await loadSettingsDoc(trx, householdId)));
    if (value < 0 || value > max) {
      throw badRequest(`The number of toys to rotate must be between 0 and ${max} (your toys minus the kept ones).`);
    }
    await patchSettings(trx, householdId, { rotationToysNumber: value });
    return `Rotation number updated: ${value} ${value === 1 ? 'toy' : 'toys'} will come out each rotation.`;
  });
}

function toLastRotationDate(value: number | null): LastRotationDate[] {
  return [{ lastRotationDate: value === null ? null : isoDate(Number(value)) }];
}

export async function getLastRotationDate(deps: AppDeps, householdId: HouseholdId): Promise<LastRotationDate[]> {
  return toLastRotationDate((await settingsRow(deps.db, householdId)).last_rotation_date);
}

/** GET updateLastRotationDate: sets it to now. */
export async function touchLastRotationDate(deps: AppDeps, householdId: HouseholdId): Promise<LastRotationDate[]> {
  const now = deps.now();
  await replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    await patchSettings(trx, householdId, { lastRotationDate: now });
  });
  return toLastRotationDate(now);
}
