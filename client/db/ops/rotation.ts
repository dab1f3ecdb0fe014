import { pickForChild } from '../../../shared/domain/balanced-pick.js';
import { childRotations, findChild, listChildren } from '../../../shared/domain/children.js';
import { OBSERVE_LATEST_ONLY } from '../../../shared/domain/observations.js';
import { latestRotation } from '../../../shared/domain/rotation-order.js';
import { rotationMessage, type RandomInt } from '../../../shared/domain/rotation.js';
import { FIRST_CHILD_ID, rotationDocSchema, type Observation, type RotationDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { newId, OpError } from './errors.js';
import { getSettings, patchChild } from './settings.js';

const ROTATION_COUNT_ZERO_MESSAGE = 'Toys per rotation is 0 and no toy is kept: choose a number in Settings.';

/** Uniform integers from the browser's CSPRNG (rejection sampling: no modulo bias). */
const cryptoRandomInt: RandomInt = (max) => {
  if (max <= 1) return 0;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buf);
    if ((buf[0] as number) < limit) return (buf[0] as number) % max;
  }
};

async function allRotations(db: ToyDatabase): Promise<RotationDoc[]> {
  return (await db.rotations.find().exec()).map((doc) => doc.toMutableJSON() as RotationDoc);
}

/**
 * Rotates offline with the same rule as the server (shared/domain/balanced-pick.ts, in the
 * household's rotationMode) for one child (default: the first): records the rotation in the
 * history, stamps the rotated toys' lastRotatedAt and the child's last rotation date (the
 * settings' lastRotationDate for the first child).
 * With nothing to bring out (no toys, or all excluded or retired) it is refused with
 * rotationMessage(0) and records nothing.
 */
export async function rotate(
  db: ToyDatabase,
  options: { now?: number; randomInt?: RandomInt; childId?: string } = {},
): Promise<{ rotation: RotationDoc; msg: string }> {
  const now = options.now ?? Date.now();
  const settings = await getSettings(db);
  const childId = options.childId ?? FIRST_CHILD_ID;
  const child = findChild(settings, childId);
  if (!child) throw new OpError('That child was not found.');
  const toys = (await db.toys.find().exec()).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const history = childRotations(await allRotations(db), childId).map((rotation) => rotation.toyIds);
  const { toyIds, at } = pickForChild({
    mode: settings.rotationMode,
    childId,
    childIds: new Set(listChildren(settings).map((c) => c.id)),
    toys,
    count: child.rotationToysNumber,
    history,
    randomInt: options.randomInt ?? cryptoRandomInt,
    now,
  });
  if (toyIds.length === 0) {
    const eligible = toys.some((toy) => !toy.excluded && !toy.retired);
    throw new OpError(eligible ? ROTATION_COUNT_ZERO_MESSAGE : rotationMessage(0));
  }
  // serverOrder stays null until the server stores it: until then it is the newest here.
  const rotation = rotationDocSchema.parse({ id: newId(), createdAt: at, toyIds, serverOrder: null, childId, observations: {} });
  await db.rotations.insert(rotation);
  // Started together, RxDB's incremental write queue stores them in one bulk write (one storage
  // transaction, one change event) instead of one after another; each still applies to the
  // toy's latest state, so an edit synced meanwhile is kept.
  const picked = new Set(toyIds);
  await Promise.all(toys.filter((t) => picked.has(t.id)).map((toy) => toy.incrementalPatch({ lastRotatedAt: at })));
  await patchChild(db, childId, { lastRotationDate: at });
  return { rotation, msg: rotationMessage(toyIds.length) };
}

/** A child's latest rotation (default: the first child) in the server's order (a local one not yet stored is newest). */
export async function currentRotation(db: ToyDatabase, childId: string = FIRST_CHILD_ID): Promise<RotationDoc | null> {
  return latestRotation((await allRotations(db)).filter((rotation) => rotation.childId === childId));
}

/**
 * How a toy went in a rotation (lot, little, none), or null to clear it: only in the child's
 * latest rotation ("until the next rotation"; the server's observeToy says the same). Only this
 * toy's key changes, so another device observing another toy meanwhile keeps its note
 * (decision 018).
 */
export async function observe(db: ToyDatabase, rotationId: string, toyId: string, observation: Observation | null): Promise<void> {
  const doc = await db.rotations.findOne(rotationId).exec();
  if (!doc) throw new OpError('That rotation was not found.');
  if (!doc.toyIds.includes(toyId)) throw new OpError('That toy was not out in this rotation.');
  if ((await currentRotation(db, doc.childId))?.id !== rotationId) throw new OpError(OBSERVE_LATEST_ONLY);
  await doc.incrementalModify((data) => {
    const observations = { ...data.observations };
    if (observation === null) delete observations[toyId];
    else observations[toyId] = observation;
    return { ...data, observations };
  });
}
