import { existingChildIds, futureBirthYearProblem, listChildren, maxRotationCountForChild } from '../../../shared/domain/children.js';
import { planLimits } from '../../../shared/domain/plans.js';
import { DEFAULT_ROTATION_TOYS_NUMBER } from '../../../shared/domain/rotation.js';
import {
  childSchema,
  CHILDREN_MAX,
  FIRST_CHILD_ID,
  PRACTICE_DEFAULTS,
  settingsDocSchema,
  type Child,
  type RotationMode,
  type SettingsDoc,
} from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { newId, OpError, opError } from './errors.js';

/** Until the first pull brings the server's settings (the server's defaults for a new household). */
export function defaultSettings(householdId: string): SettingsDoc {
  return { id: householdId, rotationToysNumber: DEFAULT_ROTATION_TOYS_NUMBER, lastRotationDate: null, tipsDismissed: false, plan: 'free', ...planLimits('free'), ...PRACTICE_DEFAULTS.settings };
}

export async function getSettings(db: ToyDatabase): Promise<SettingsDoc> {
  if (!('settings' in db.collections)) return defaultSettings(db.householdId); // a test's reduced database
  const doc = await db.settings.findOne(db.householdId).exec();
  return doc ? (doc.toMutableJSON() as SettingsDoc) : defaultSettings(db.householdId);
}

type SettingsPatch = Partial<Omit<SettingsDoc, 'id' | 'plan' | 'toysLimit' | 'collectionsLimit'>>;

/** Writes settings fields (never plan or limits: the server owns those and ignores them). */
export async function patchSettings(db: ToyDatabase, patch: SettingsPatch) {
  const doc = await db.settings.findOne(db.householdId).exec();
  if (doc) {
    const next = parseSettings({ ...doc.toMutableJSON(), ...patch });
    await doc.incrementalPatch(pick(next, Object.keys(patch) as (keyof SettingsDoc)[]));
    return;
  }
  await db.settings.insert(parseSettings({ ...defaultSettings(db.householdId), ...patch }));
}

/** Validates before writing, with the schema's readable message. */
function parseSettings(value: unknown): SettingsDoc {
  const result = settingsDocSchema.safeParse(value);
  // The schema's own message when it has one (English: the schema's words), else ours.
  if (!result.success) throw result.error.issues[0] ? new OpError(result.error.issues[0].message) : opError('settingsInvalid');
  return result.data;
}

function pick<T extends object>(obj: T, keys: (keyof T)[]): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, obj[k]])) as Partial<T>;
}

/** The largest rotation count for a child: its active toys minus its kept ones (spec section 5; the server's rule too). */
export async function maxRotationCount(db: ToyDatabase, childId: string = FIRST_CHILD_ID): Promise<number> {
  return maxRotationCountForChild(await db.toys.find().exec(), childId, existingChildIds(await getSettings(db)));
}

/** Spec section 5: a whole number from 0 to the toy count minus the kept toys (the child's; default the first). */
export async function setRotationCount(db: ToyDatabase, count: number, childId: string = FIRST_CHILD_ID): Promise<void> {
  const max = await maxRotationCount(db, childId);
  if (!Number.isInteger(count) || count < 0 || count > max) {
    throw opError('rotationCount', { max });
  }
  const child = listChildren(await getSettings(db)).find((c) => c.id === childId);
  if (!child) throw opError('childNotFound');
  if (child.rotationToysNumber === count) return; // spec: sent only if different
  await patchChild(db, childId, { rotationToysNumber: count });
}

export async function setTipsDismissed(db: ToyDatabase): Promise<void> {
  await patchSettings(db, { tipsDismissed: true });
}

export async function setRotationMode(db: ToyDatabase, rotationMode: RotationMode): Promise<void> {
  await patchSettings(db, { rotationMode });
}

/** Every 1-30 days, or null (no schedule). */
export async function setRotationInterval(db: ToyDatabase, days: number | null, childId: string = FIRST_CHILD_ID): Promise<void> {
  await patchChild(db, childId, { rotationIntervalDays: days });
}

export async function setReminderEmail(db: ToyDatabase, on: boolean): Promise<void> {
  await patchSettings(db, { reminderEmail: on });
}

/** The household's time zone for due days (the app passes the device's, Intl's resolved one). */
export async function setTimeZone(db: ToyDatabase, timeZone: string | null): Promise<void> {
  if ((await getSettings(db)).timeZone === timeZone) return;
  await patchSettings(db, { timeZone });
}

export type ChildPatch = Partial<Omit<Child, 'createdAt'>>;

/**
 * Changes a child's fields: the first child's live in the settings' own fields, another
 * child's in its entry of `children` (only that entry changes, so edits of other children
 * on other devices merge).
 */
export async function patchChild(db: ToyDatabase, childId: string, patch: ChildPatch, now = Date.now()): Promise<void> {
  assertBirthYear(patch.birthYear, now);
  if (childId === FIRST_CHILD_ID) {
    const fields: SettingsPatch = {};
    if (patch.name !== undefined) fields.firstChildName = patch.name.trim();
    if (patch.birthMonth !== undefined) fields.firstChildBirthMonth = patch.birthMonth;
    if (patch.birthYear !== undefined) fields.firstChildBirthYear = patch.birthYear;
    if (patch.rotationToysNumber !== undefined) fields.rotationToysNumber = patch.rotationToysNumber;
    if (patch.rotationIntervalDays !== undefined) fields.rotationIntervalDays = patch.rotationIntervalDays;
    if (patch.lastRotationDate !== undefined) fields.lastRotationDate = patch.lastRotationDate;
    await patchSettings(db, fields);
    return;
  }
  const settings = await getSettings(db);
  const current = settings.children[childId];
  if (!current) throw opError('childNotFound');
  const next = parseChild({ ...current, ...patch });
  await patchSettings(db, { children: { ...settings.children, [childId]: next } });
}

/** The schema bounds the year; "not after this year" needs the clock (the server says the same). */
function assertBirthYear(birthYear: number | null | undefined, now: number): void {
  const problem = futureBirthYearProblem(birthYear ?? null, now);
  if (problem) throw opError('futureBirthYear');
}

function parseChild(value: unknown): Child {
  const result = childSchema.safeParse(value);
  if (!result.success) throw result.error.issues[0] ? new OpError(result.error.issues[0].message) : opError('childInvalid');
  return result.data;
}

export type NewChild = Pick<Child, 'name'> & Partial<Omit<Child, 'name' | 'createdAt' | 'lastRotationDate'>>;

/** Adds a child (up to 12 in all); returns its id. */
export async function addChild(db: ToyDatabase, input: NewChild, now = Date.now()): Promise<string> {
  assertBirthYear(input.birthYear, now);
  const settings = await getSettings(db);
  if (Object.keys(settings.children).length + 1 >= CHILDREN_MAX) throw opError('tooManyChildren', { max: CHILDREN_MAX });
  const child = parseChild({
    birthMonth: null,
    birthYear: null,
    rotationToysNumber: settings.rotationToysNumber,
    rotationIntervalDays: null,
    ...input,
    lastRotationDate: null,
    createdAt: now,
  });
  const id = newId();
  await patchSettings(db, { children: { ...settings.children, [id]: child } });
  return id;
}

/** Removes a child (never the first). Its rotations stay in the history; toys assigned only to it become everyone's. */
export async function removeChild(db: ToyDatabase, childId: string): Promise<void> {
  if (childId === FIRST_CHILD_ID) throw opError('firstChildStays');
  const settings = await getSettings(db);
  if (!(childId in settings.children)) return;
  const { [childId]: _removed, ...rest } = settings.children;
  await patchSettings(db, { children: rest });
}
