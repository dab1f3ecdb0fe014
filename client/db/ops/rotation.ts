import { pickRotation, rotationMessage, type RandomInt } from '../../../shared/domain/rotation.js';
import { rotationDocSchema, type RotationDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { newId } from './errors.js';
import { getSettings, patchSettings } from './settings.js';

/** Uniform integers from the browser's CSPRNG (rejection sampling: no modulo bias). */
export const cryptoRandomInt: RandomInt = (max) => {
  if (max <= 1) return 0;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if ((buf[0] as number) < limit) return (buf[0] as number) % max;
  }
};

/**
 * Rotates offline with the same rule as the server: records the rotation in the history,
 * stamps the rotated toys' lastRotatedAt and the settings' lastRotationDate.
 */
export async function rotate(
  db: ToyDatabase,
  options: { now?: number; randomInt?: RandomInt } = {},
): Promise<{ rotation: RotationDoc; msg: string }> {
  const now = options.now ?? Date.now();
  const settings = await getSettings(db);
  const toys = (await db.toys.find().exec()).filter((toy) => !toy.retired).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const toyIds = pickRotation(toys, settings.rotationToysNumber, options.randomInt ?? cryptoRandomInt);
  const rotation = rotationDocSchema.parse({ id: newId(), createdAt: now, toyIds });
  await db.rotations.insert(rotation);
  for (const toy of toys.filter((t) => toyIds.includes(t.id))) await toy.incrementalPatch({ lastRotatedAt: now });
  await patchSettings(db, { lastRotationDate: now });
  return { rotation, msg: rotationMessage(toyIds.length) };
}

/** The toys currently out: those of the latest rotation that still exist. */
export async function currentRotation(db: ToyDatabase): Promise<RotationDoc | null> {
  const all = (await db.rotations.find().exec()).map((doc) => doc.toMutableJSON() as RotationDoc);
  all.sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
  return all[0] ?? null;
}
