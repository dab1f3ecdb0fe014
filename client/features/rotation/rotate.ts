// Rotating happens on the local database with the shared picking rule, so it works offline
// and lands in the rotation history, which replicates like everything else.
import { pickRotation, type RandomInt } from '../../../shared/domain/rotation.js';
import type { RotationDoc } from '../../../shared/schemas/docs.js';
import type { LocalDb } from '../inventory/use-local-data.js';

/** Uniform integers in [0, max) from the browser's CSPRNG (rejection sampling avoids modulo bias). */
export const cryptoRandomInt: RandomInt = (maxExclusive) => {
  if (maxExclusive <= 1) return 0;
  const limit = Math.floor(0x1_0000_0000 / maxExclusive) * maxExclusive;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] as number;
    if (value < limit) return value % maxExclusive;
  }
};

export async function rotateToys(
  db: LocalDb,
  now: number = Date.now(),
  randomInt: RandomInt = cryptoRandomInt,
): Promise<RotationDoc> {
  const [toys, settings] = await Promise.all([db.toys.find().exec(), db.settings.findOne().exec()]);
  const toyIds = pickRotation(
    toys.map((toy) => ({ id: toy.id, excluded: toy.excluded, favorite: toy.favorite })),
    settings?.rotationToysNumber ?? 0,
    randomInt,
  );
  const rotation: RotationDoc = { id: crypto.randomUUID(), createdAt: now, toyIds };
  await db.rotations.insert(rotation);
  await settings?.incrementalPatch({ lastRotationDate: now });
  const picked = new Set(toyIds);
  await Promise.all(toys.filter((toy) => picked.has(toy.id)).map((toy) => toy.incrementalPatch({ lastRotatedAt: now })));
  return rotation;
}

const shortDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const shortTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec section 4: the last rotation date as short weekday, month and day, e.g. 'Sun, Nov 22'. */
export function formatRotationDate(time: number): string {
  return shortDate.format(new Date(time));
}

export function formatRotationTime(time: number): string {
  return `${shortDate.format(new Date(time))}, ${shortTime.format(new Date(time))}`;
}
