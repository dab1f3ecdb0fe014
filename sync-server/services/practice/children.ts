import { randomUUID } from 'node:crypto';
import { existingChildIds, findChild, futureBirthYearProblem, listChildren, maxRotationCountForChild, type ChildView } from '../../../shared/domain/children.js';
import { isRotationDue, nextDueDay } from '../../../shared/domain/schedule.js';
import { CHILDREN_MAX, FIRST_CHILD_ID, type SettingsDoc } from '../../../shared/schemas/docs.js';
import type { RestChild, UpdateChildBody } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database, HouseholdId } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/http-error.js';
import { patchSettings } from '../replicated/apply.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { CHILD_NOT_FOUND } from '../rotation/rotation.js';
import { parseIds, settingsFromRow } from '../sync/row-mapping.js';
import { isoDate } from '../toys/toy-mapper.js';
import { listToyRows } from '../toys/toy-store.js';

// Children over REST (issue 14, decision 018). The first child is the settings' own fields;
// the others are the settings' `children` JSON column. Services take the data owner's id.

type Trx = Transaction<Database>;

export async function loadSettingsDoc(db: DB | Trx, householdId: HouseholdId): Promise<SettingsDoc> {
  const row = await db.selectFrom('settings').selectAll().where('household_id', '=', householdId).executeTakeFirst();
  if (!row) throw notFound('Your settings were not found. Please log in again.');
  return settingsFromRow(row, 'free');
}

function toRestChild(child: ChildView, settings: SettingsDoc, now: number): RestChild {
  return {
    id: child.id,
    first: child.first,
    name: child.name,
    birthMonth: child.birthMonth,
    birthYear: child.birthYear,
    rotationToysNumber: child.rotationToysNumber,
    rotationIntervalDays: child.rotationIntervalDays,
    lastRotationDate: child.lastRotationDate === null ? null : isoDate(child.lastRotationDate),
    nextRotationDue: nextDueDay(child, settings.timeZone, now),
    rotationDue: isRotationDue(child, settings.timeZone, now),
  };
}

/** GET getChildren: every child, the first first. */
export async function getChildren(deps: AppDeps, householdId: HouseholdId): Promise<RestChild[]> {
  const settings = await loadSettingsDoc(deps.db, householdId);
  return listChildren(settings).map((child) => toRestChild(child, settings, deps.now()));
}

export async function getChild(deps: AppDeps, householdId: HouseholdId, childId: string): Promise<RestChild> {
  const settings = await loadSettingsDoc(deps.db, householdId);
  const child = findChild(settings, childId);
  if (!child) throw notFound(CHILD_NOT_FOUND);
  return toRestChild(child, settings, deps.now());
}

/**
 * The largest rotation count of a child: the shared rule (its active toys minus its kept ones)
 * over the household's toys. `existing`: the children that exist (with a child being added).
 */
export async function childMaxRotationCount(db: DB | Trx, householdId: HouseholdId, childId: string, existing: ReadonlySet<string>): Promise<number> {
  const rows = await listToyRows(db, householdId);
  const toys = rows.map((row) => ({ retired: row.retired === 1, favorite: row.favorite === 1, childIds: parseIds(row.child_ids) }));
  return maxRotationCountForChild(toys, childId, existing);
}

async function assertCountAllowed(trx: Trx, householdId: HouseholdId, count: number | undefined, childId: string, existing: ReadonlySet<string>) {
  if (count === undefined) return;
  const max = await childMaxRotationCount(trx, householdId, childId, existing);
  if (count > max) throw badRequest(`rotationToysNumber: The number of toys to rotate must be between 0 and ${max} (the child's toys minus the kept ones).`);
}

function assertBirthYear(deps: AppDeps, birthYear: number | null | undefined) {
  const problem = futureBirthYearProblem(birthYear ?? null, deps.now());
  if (problem) throw badRequest(`birthYear: ${problem}`);
}

/** POST addChild. */
export async function addChild(deps: AppDeps, householdId: HouseholdId, body: UpdateChildBody & { name: string }): Promise<RestChild> {
  assertBirthYear(deps, body.birthYear);
  const id = randomUUID();
  await replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    const settings = await loadSettingsDoc(trx, householdId);
    if (Object.keys(settings.children).length + 1 >= CHILDREN_MAX) throw forbidden(`At most ${CHILDREN_MAX} children`);
    await assertCountAllowed(trx, householdId, body.rotationToysNumber, id, new Set([...existingChildIds(settings), id]));
    const children = {
      ...settings.children,
      [id]: {
        name: body.name,
        birthMonth: body.birthMonth ?? null,
        birthYear: body.birthYear ?? null,
        rotationToysNumber: body.rotationToysNumber ?? settings.rotationToysNumber,
        rotationIntervalDays: body.rotationIntervalDays ?? null,
        lastRotationDate: null,
        createdAt: deps.now(),
      },
    };
    await patchSettings(trx, householdId, { children });
  });
  return getChild(deps, householdId, id);
}

/** PUT updateChild/{childId}: only the fields given change. */
export async function updateChild(deps: AppDeps, householdId: HouseholdId, childId: string, body: UpdateChildBody): Promise<RestChild> {
  assertBirthYear(deps, body.birthYear);
  await replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    const settings = await loadSettingsDoc(trx, householdId);
    if (!findChild(settings, childId)) throw notFound(CHILD_NOT_FOUND);
    await assertCountAllowed(trx, householdId, body.rotationToysNumber, childId, existingChildIds(settings));
    if (childId === FIRST_CHILD_ID) {
      await patchSettings(trx, householdId, {
        ...(body.name !== undefined ? { firstChildName: body.name } : {}),
        ...(body.birthMonth !== undefined ? { firstChildBirthMonth: body.birthMonth } : {}),
        ...(body.birthYear !== undefined ? { firstChildBirthYear: body.birthYear } : {}),
        ...(body.rotationToysNumber !== undefined ? { rotationToysNumber: body.rotationToysNumber } : {}),
        ...(body.rotationIntervalDays !== undefined ? { rotationIntervalDays: body.rotationIntervalDays } : {}),
      });
      return;
    }
    const child = settings.children[childId];
    if (!child) throw notFound(CHILD_NOT_FOUND);
    if (body.name === '') throw badRequest("name: The child's name is required");
    const next = { ...child, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) };
    await patchSettings(trx, householdId, { children: { ...settings.children, [childId]: next } });
  });
  return getChild(deps, householdId, childId);
}

/** DELETE deleteChild/{childId}: never the first child. Its rotations stay in the history. */
export async function deleteChild(deps: AppDeps, householdId: HouseholdId, childId: string): Promise<void> {
  if (childId === FIRST_CHILD_ID) throw badRequest('The first child cannot be removed; you can rename it.');
  await replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    const settings = await loadSettingsDoc(trx, householdId);
    if (!(childId in settings.children)) throw notFound(CHILD_NOT_FOUND);
    const { [childId]: _removed, ...rest } = settings.children;
    await patchSettings(trx, householdId, { children: rest });
  });
}
