import type { Device } from '../sync-harness.js';
import {
  addList,
  addToy,
  addToysToCollection,
  deleteList,
  deleteToy,
  getSettings,
  OpError,
  patchChild,
  removeToyFromCollection,
  renameList,
  rotate,
  setExcluded,
  setFavorite,
  setReminderEmail,
  setRotationCount,
  setRotationInterval,
  setRotationMode,
  updateToy,
} from '../../db/ops/index.js';
import { FIRST_CHILD_ID, type SettingsDoc, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { Random } from './prng.js';
import { ownerOf, type World } from './world.js';

// Test support: the operations of the randomized sync test, each as the app does it (the
// ops of client/db/ops), and what each device meant by them (the intent the end state is
// checked against, final-check.ts).

const SCALARS = ['title', 'caption', 'location', 'feedback'] as const;
const CATEGORY_NAMES = ['Blocks', 'Cars', 'Dolls'];
const COLLECTION_NAMES = ['Bath', 'Garden', 'travel', 'Travel'];

export type Intent = {
  createdToys: Set<string>;
  deletedToys: Set<string>;
  /** `toys/{id}` or `settings/{id}` -> field -> device -> the last value it wrote */
  fields: Map<string, Map<string, Map<number, unknown>>>;
  /** toy -> collections a device put it in, or took it out of */
  added: Map<string, Set<string>>;
  removed: Map<string, Set<string>>;
  /** Lists (categories, collections) a device made, and those a device deleted, as `{ownerId} {id}` (a name-derived id is the same in every account). */
  createdLists: Set<string>;
  deletedLists: Set<string>;
  rotations: Set<string>;
};

export function newIntent(): Intent {
  return { createdToys: new Set(), deletedToys: new Set(), fields: new Map(), added: new Map(), removed: new Map(), createdLists: new Set(), deletedLists: new Set(), rotations: new Set() };
}

export type Act = { world: World; intent: Intent; rnd: Random; device: number; label: string; trace: (line: string) => void };

/** Enough of an id to tell documents apart in a trace (the preloaded ones differ at the end). */
const short = (id: string) => (id.startsWith('pre-') || id.startsWith('col-') ? id.replace(/^(\w+)-.*-/, '$1..') : id.slice(0, 8));

function wrote(intent: Intent, doc: string, field: string, device: number, value: unknown): void {
  const perField = intent.fields.get(doc) ?? new Map<string, Map<number, unknown>>();
  const perDevice = perField.get(field) ?? new Map<number, unknown>();
  perDevice.set(device, value);
  perField.set(field, perDevice);
  intent.fields.set(doc, perField);
}

function record(map: Map<string, Set<string>>, toy: string, value: string): void {
  map.set(toy, (map.get(toy) ?? new Set()).add(value));
}

/** The app refuses it (a plan limit, a rotation with nothing to pick): traced, not an error. */
async function refusable(act: Act, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof OpError)) throw error;
    act.trace(`${act.label} is refused: ${error.message}`);
  }
}

async function addOne(act: Act, db: Device['db'], tag: string): Promise<void> {
  const collections = act.world.collections[act.world.shape.deviceAccounts[act.device]!]!;
  const collectionIds = act.rnd.next() < 0.5 ? [act.rnd.pick(collections)] : [];
  const title = `new-${tag}`;
  await refusable(act, async () => {
    const toy = await addToy(db, { title, collectionIds });
    act.intent.createdToys.add(toy.id);
    act.trace(`${act.label} adds ${short(toy.id)} "${title}" in [${collectionIds.map(short)}]`);
  });
}

async function moveInCollection(act: Act, db: Device['db'], id: string): Promise<void> {
  const col = act.rnd.pick(act.world.collections[act.world.shape.deviceAccounts[act.device]!]!);
  if (act.rnd.next() < 0.5) {
    record(act.intent.added, id, col);
    await addToysToCollection(db, [id], col);
    act.trace(`${act.label} puts ${short(id)} in ${short(col)}`);
  } else {
    record(act.intent.removed, id, col);
    await removeToyFromCollection(db, id, col);
    act.trace(`${act.label} takes ${short(id)} out of ${short(col)}`);
  }
}

/** Concurrent toggles: excluded and kept (favorite) flip together. */
async function toggle(act: Act, db: Device['db'], id: string): Promise<void> {
  const on = act.rnd.next() < 0.6;
  const which = act.rnd.next() < 0.5 ? 'excluded' : 'favorite';
  if (which === 'excluded') await setExcluded(db, id, on);
  else await setFavorite(db, id, on);
  const toy = (await db.toys.findOne(id).exec())!;
  wrote(act.intent, `toys/${id}`, 'excluded', act.device, toy.excluded);
  wrote(act.intent, `toys/${id}`, 'favorite', act.device, toy.favorite);
  act.trace(`${act.label} sets ${short(id)}.${which} ${on}`);
}

/**
 * Categories and the trial's own collections, with names from small pools: adds and renames
 * clash across devices (fault 7), and collection adds cross the free plan's limit (fault 4).
 * The collections the data had before the trial are never renamed or deleted (toys go in them).
 */
async function editLists(act: Act, db: Device['db'], kind: 'category' | 'collection'): Promise<void> {
  const fixed = new Set(['uncategorized', ...act.world.collections[act.world.shape.deviceAccounts[act.device]!]!]);
  const own = (await db.lists.find({ selector: { kind } }).exec()).filter((list) => !fixed.has(list.id));
  const choice = act.rnd.next();
  const name = act.rnd.pick(kind === 'category' ? CATEGORY_NAMES : COLLECTION_NAMES);
  if (choice < 0.5 || own.length === 0) {
    await refusable(act, async () => {
      const list = await addList(db, kind, name);
      if (list) act.intent.createdLists.add(`${ownerOf(act.world, act.device)} ${list.id}`);
      act.trace(`${act.label} adds ${kind} ${name}${list ? ` ${short(list.id)}` : ' (the name is taken here)'}`);
    });
  } else if (choice < 0.85) {
    const list = act.rnd.pick(own);
    await renameList(db, list.id, name);
    act.trace(`${act.label} renames ${kind} ${list.name} to ${name}`);
  } else {
    const list = act.rnd.pick(own);
    act.intent.deletedLists.add(`${ownerOf(act.world, act.device)} ${list.id}`);
    await deleteList(db, list.id);
    act.trace(`${act.label} deletes ${kind} ${list.name}`);
  }
}

/** Rotates with the device's clock (fault 9) and stamps the picked toys' lastRotatedAt (fault 12). */
async function rotateOnce(act: Act, db: Device['db']): Promise<void> {
  await refusable(act, async () => {
    const { rotation } = await rotate(db, { randomInt: (max) => act.rnd.int(max) });
    act.intent.rotations.add(rotation.id);
    for (const id of rotation.toyIds) wrote(act.intent, `toys/${id}`, 'lastRotatedAt', act.device, rotation.createdAt);
    act.trace(`${act.label} rotates ${short(rotation.id)} at ${rotation.createdAt}: [${rotation.toyIds.map(short)}]`);
  });
}

type SettingsField = keyof SettingsDoc;
const SETTINGS_EDITS: [SettingsField, (db: Device['db'], rnd: Random, device: number) => Promise<unknown>][] = [
  ['rotationToysNumber', (db, rnd) => setRotationCount(db, 1 + rnd.int(4))],
  ['rotationMode', (db, rnd) => setRotationMode(db, rnd.pick(['random', 'balanced'] as const))],
  ['rotationIntervalDays', (db, rnd) => setRotationInterval(db, rnd.pick([null, 1, 7, 14]))],
  ['reminderEmail', (db, rnd) => setReminderEmail(db, rnd.next() < 0.5)],
  ['firstChildName', (db, rnd, device) => patchChild(db, FIRST_CHILD_ID, { name: `${rnd.pick(['Ada', 'Ben', 'Cleo'])}${device}` })],
  ['firstChildBirthYear', (db, rnd) => patchChild(db, FIRST_CHILD_ID, { birthYear: rnd.pick([null, 2019, 2021, 2023]) })],
];

/** One settings field, as its Settings control writes it: stale edits of different fields merge. */
async function editSettings(act: Act, db: Device['db']): Promise<void> {
  const [field, edit] = act.rnd.pick(SETTINGS_EDITS);
  await refusable(act, async () => {
    const before = (await getSettings(db))[field];
    await edit(db, act.rnd, act.device);
    const after = (await getSettings(db))[field];
    // An edit to the value the device already shows writes nothing (the app sends nothing).
    if (after !== before) wrote(act.intent, `settings/${db.householdId}`, field, act.device, after);
    act.trace(`${act.label} sets settings.${field} = ${String(after)}`);
  });
}

async function setScalar(act: Act, db: Device['db'], id: string, tag: string): Promise<void> {
  const field = act.rnd.pick(SCALARS);
  const value = field === 'title' || field === 'caption' ? `${field}-${tag}` : act.rnd.next() < 0.2 ? null : `${field}-${tag}`;
  await updateToy(db, id, { [field]: value } as Partial<ToyDoc>);
  wrote(act.intent, `toys/${id}`, field, act.device, value);
  act.trace(`${act.label} sets ${short(id)}.${field} = ${value}`);
}

/**
 * One random operation by device `act.device`. `tag` makes written values unique. The toys a
 * device may touch are this trial's and two old ones, the oldest picked more often, so devices
 * often edit the same toy.
 */
export async function randomOperation(act: Act, tag: string): Promise<void> {
  const { rnd, intent, world } = act;
  const db = world.devices[act.device]!.db;
  const local = (await db.toys.find().exec())
    .map((doc) => doc.id)
    .filter((id) => intent.createdToys.has(id) || id.endsWith('-000') || id.endsWith('-001'))
    .sort();
  const pickToy = () => local[Math.min(rnd.int(local.length), rnd.int(local.length))]!;
  const addChance = world.shape.addChance;
  const roll = rnd.next();
  if (roll < addChance || local.length === 0) return addOne(act, db, tag);
  const r = (roll - addChance) / (1 - addChance);
  if (r < 0.07) {
    const id = pickToy();
    intent.deletedToys.add(id);
    await deleteToy(db, id);
    act.trace(`${act.label} deletes ${short(id)}`);
  } else if (r < 0.19) await moveInCollection(act, db, pickToy());
  else if (r < 0.3) await toggle(act, db, pickToy());
  else if (r < 0.39) await editLists(act, db, 'category');
  else if (r < 0.45) await editLists(act, db, 'collection');
  else if (r < 0.52) await rotateOnce(act, db);
  else if (r < 0.62) await editSettings(act, db);
  else await setScalar(act, db, pickToy(), tag);
}
