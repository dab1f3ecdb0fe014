import { pickForChild, type PickableToy } from '../../../shared/domain/balanced-pick.js';
import { childRotations, findChild, listChildren } from '../../../shared/domain/children.js';
import { OBSERVE_LATEST_ONLY } from '../../../shared/domain/observations.js';
import { latestRotation } from '../../../shared/domain/rotation-order.js';
import { rotationMessage, type RandomInt } from '../../../shared/domain/rotation.js';
import { ALL_TOYS, COLLECTION_NOT_FOUND, EMPTY_COLLECTION_MESSAGE, type RotationSource } from '../../../shared/domain/rotation-source.js';
import { FIRST_CHILD_ID, rotationDocSchema, type Observation, type RotationDoc, type SettingsDoc, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../database.js';
import { modifyEach } from './bulk-write.js';
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
 * What a rotation is picked from. The Rotation screen passes what it already holds (its live
 * toys, rotations and settings), so Rotate reads nothing; `rotate` reads it from the database.
 */
export type RotationState = {
  settings: SettingsDoc;
  /** The household's live toys, in any order. */
  toys: Iterable<PickableToy & { createdAt: number }>;
  /** The household's rotations, in any order. */
  rotations: readonly RotationDoc[];
  /** Whether this id is a live collection (a draw from a deleted one is refused). */
  isCollection: (id: string) => boolean;
};

export type RotateOptions = { now?: number; randomInt?: RandomInt; childId?: string; source?: RotationSource };
export type PlannedRotation = { rotation: RotationDoc; msg: string };

/**
 * Picks a rotation with the same rule as the server (shared/domain/balanced-pick.ts, in the
 * household's rotationMode) for one child (default: the first), writing nothing.
 * `source` (decision 047): every toy (the default), a draw from one collection, or one whole
 * collection brought out; the rotation replaces the child's current one either way.
 * With nothing to bring out (no toys, or all excluded or retired) it is refused with
 * rotationMessage(0); a collection with nothing to bring out, with EMPTY_COLLECTION_MESSAGE.
 */
export function planRotation(state: RotationState, options: RotateOptions = {}): PlannedRotation {
  const childId = options.childId ?? FIRST_CHILD_ID;
  const child = findChild(state.settings, childId);
  if (!child) throw new OpError('That child was not found.');
  const source = options.source ?? ALL_TOYS;
  if (source.kind !== 'all' && !state.isCollection(source.collectionId)) throw new OpError(COLLECTION_NOT_FOUND);
  // Oldest first, ties on the id: the order the server picks from (balanced ties are random).
  const toys = [...state.toys].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  const { toyIds, at } = pickForChild({
    mode: state.settings.rotationMode,
    childId,
    childIds: new Set(listChildren(state.settings).map((c) => c.id)),
    toys,
    count: child.rotationToysNumber,
    history: childRotations(state.rotations, childId).map((rotation) => rotation.toyIds),
    randomInt: options.randomInt ?? cryptoRandomInt,
    now: options.now ?? Date.now(),
    source,
  });
  if (toyIds.length === 0 && source.kind !== 'all') throw new OpError(EMPTY_COLLECTION_MESSAGE);
  if (toyIds.length === 0) {
    const eligible = toys.some((toy) => !toy.excluded && !toy.retired);
    throw new OpError(eligible ? ROTATION_COUNT_ZERO_MESSAGE : rotationMessage(0));
  }
  // serverOrder stays null until the server stores it: until then it is the newest here.
  const rotation = rotationDocSchema.parse({ id: newId(), createdAt: at, toyIds, serverOrder: null, childId, observations: {} });
  return { rotation, msg: rotationMessage(toyIds.length) };
}

/**
 * Records a planned rotation: the rotation in the history first (what the screens show), then
 * together the rotated toys' lastRotatedAt (one storage write, bulk-write.ts) and the child's last
 * rotation date (the settings' lastRotationDate for the first child).
 */
export async function recordRotation(db: ToyDatabase, rotation: RotationDoc): Promise<void> {
  await db.rotations.insert(rotation);
  const at = rotation.createdAt;
  await Promise.all([modifyEach<ToyDoc>(db.toys, rotation.toyIds, (toy) => ({ ...toy, lastRotatedAt: at })), patchChild(db, rotation.childId, { lastRotationDate: at })]);
}

/** What `planRotation` picks from, read from the database. */
async function readRotationState(db: ToyDatabase, source: RotationSource): Promise<RotationState> {
  const collection = source.kind === 'all' ? null : await db.lists.findOne(source.collectionId).exec();
  return {
    settings: await getSettings(db),
    toys: await db.toys.find().exec(),
    rotations: await allRotations(db),
    isCollection: (id) => collection?.id === id && collection.kind === 'collection',
  };
}

/** Rotates offline: planRotation over the database's state, then recordRotation. */
export async function rotate(db: ToyDatabase, options: RotateOptions = {}): Promise<PlannedRotation> {
  const planned = planRotation(await readRotationState(db, options.source ?? ALL_TOYS), options);
  await recordRotation(db, planned.rotation);
  return planned;
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
