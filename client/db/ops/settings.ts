import { planLimits } from '../../../shared/domain/plans.js';
import { maxRotationToysNumber } from '../../../shared/domain/rotation.js';
import { settingsDocSchema, type SettingsDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { OpError } from './errors.js';

/** Until the first pull brings the server's settings (the server's defaults for a new user). */
export function defaultSettings(userId: string): SettingsDoc {
  return { id: userId, rotationToysNumber: 8, lastRotationDate: null, tipsDismissed: false, plan: 'free', ...planLimits('free') };
}

export async function getSettings(db: ToyDatabase): Promise<SettingsDoc> {
  if (!('settings' in db.collections)) return defaultSettings(db.userId); // a test's reduced database
  const doc = await db.settings.findOne(db.userId).exec();
  return doc ? (doc.toMutableJSON() as SettingsDoc) : defaultSettings(db.userId);
}

/** Writes settings fields (never plan or limits: the server owns those and ignores them). */
export async function patchSettings(db: ToyDatabase, patch: Partial<Omit<SettingsDoc, 'id' | 'plan' | 'toysLimit' | 'collectionsLimit'>>) {
  const doc = await db.settings.findOne(db.userId).exec();
  if (doc) {
    const next = settingsDocSchema.parse({ ...doc.toMutableJSON(), ...patch });
    await doc.incrementalPatch(pick(next, Object.keys(patch) as (keyof SettingsDoc)[]));
    return;
  }
  await db.settings.insert(settingsDocSchema.parse({ ...defaultSettings(db.userId), ...patch }));
}

function pick<T extends object>(obj: T, keys: (keyof T)[]): Partial<T> {
  return Object.fromEntries(keys.map((k) => [k, obj[k]])) as Partial<T>;
}

/** Spec section 5: a whole number from 0 to the toy count minus the kept toys. */
export async function setRotationCount(db: ToyDatabase, count: number): Promise<void> {
  const toys = await db.toys.find().exec();
  const kept = toys.filter((toy) => toy.favorite).length;
  const max = maxRotationToysNumber(toys.length, kept);
  if (!Number.isInteger(count) || count < 0 || count > max) {
    throw new OpError(`The rotation number must be a whole number from 0 to ${max}.`);
  }
  const current = await getSettings(db);
  if (current.rotationToysNumber === count) return; // spec: sent only if different
  await patchSettings(db, { rotationToysNumber: count });
}

export async function setTipsDismissed(db: ToyDatabase): Promise<void> {
  await patchSettings(db, { tipsDismissed: true });
}
