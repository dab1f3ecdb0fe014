import { expect } from 'vitest';
import { isDeepStrictEqual } from 'node:util';
import { snapshot, type Device } from '../sync-harness.js';
import type { RestartableServer } from '../restartable-server.js';
import { listFromRow, rotationFromRow, settingsFromRow, toyFromRow } from '../../../sync-server/services/sync/row-mapping.js';
import { addList, addToy, currentRotation, OpError } from '../../db/ops/index.js';
import { listNameKey } from '../../../shared/domain/list-names.js';
import { latestRotation } from '../../../shared/domain/rotation-order.js';
import { FIRST_CHILD_ID, type RotationDoc, type SettingsDoc, type ToyDoc } from '../../../shared/schemas/docs.js';
import type { Intent } from './operations.js';
import { ownerOf, type World } from './world.js';
import { asHouseholdId } from '../../../sync-server/db/schema.js';

// Test support: the end of a randomized sync trial. Every device must equal its owner's data
// on the server and say "online" after its digest check; then the end state is checked
// against what the devices did (operations.ts).

type Live<T> = Omit<T, '_deleted'>;

/** One owner's data on the server, in the devices' shape (what a full pull gives, live documents only). */
async function serverSnapshot(server: RestartableServer, world: World, ownerId: string) {
  const db = server.t.db;
  const live = <T extends { _deleted: boolean; id: string }>(docs: T[]): Live<T>[] =>
    docs.filter((d) => !d._deleted).map(({ _deleted, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id));
  const settings = await db.selectFrom('settings').selectAll().where('household_id', '=', asHouseholdId(ownerId)).execute();
  return {
    toys: live((await db.selectFrom('toys').selectAll().where('household_id', '=', asHouseholdId(ownerId)).where('deleted', '=', 0).execute()).map(toyFromRow)),
    lists: live((await db.selectFrom('lists').selectAll().where('household_id', '=', asHouseholdId(ownerId)).where('deleted', '=', 0).execute()).map(listFromRow)),
    settings: live(settings.map((row) => settingsFromRow(row, world.shape.plan))),
    rotations: live((await db.selectFrom('rotations').selectAll().where('household_id', '=', asHouseholdId(ownerId)).where('deleted', '=', 0).execute()).map(rotationFromRow)),
  };
}

/** Polls until every device equals its owner's data on the server and (if `verified`) says "online" after its digest check. */
export async function converge(server: RestartableServer, world: World, options = { verified: true }): Promise<void> {
  const synced = (device: Device) => device.sync!.getStatus().state === 'online' && device.sync!.getStatus().pending === 0;
  const compare = async (report: boolean) => {
    const expected = new Map<string, unknown>();
    for (let i = 0; i < world.devices.length; i++) {
      const device = world.devices[i]!;
      const owner = ownerOf(world, i);
      if (!expected.has(owner)) expected.set(owner, await serverSnapshot(server, world, owner));
      if (report) expect(await snapshot(device.db), `${device.name} differs from the server`).toEqual(expected.get(owner));
      else if (!isDeepStrictEqual(await snapshot(device.db), expected.get(owner))) return false;
    }
    return true;
  };
  // Polled cheaply (an assertion's diff of a whole database costs more than the poll); on
  // time-out the assertions say what is wrong.
  const deadline = performance.now() + 45_000;
  while (performance.now() < deadline) {
    if ((!options.verified || world.devices.every(synced)) && (await compare(false))) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (options.verified) for (const device of world.devices) expect(device.sync!.getStatus(), `${device.name} is not synced`).toMatchObject({ state: 'online', pending: 0 });
  await compare(true);
}

/** A field written by one device holds its value; one written by several holds one of theirs. */
function checkFields(intent: Intent, docs: Map<string, Record<string, unknown>>): void {
  for (const [key, perField] of intent.fields) {
    const doc = docs.get(key);
    if (!doc) continue; // a deleted toy
    for (const [field, perDevice] of perField) {
      if (field === 'excluded' || field === 'favorite') continue; // settled by the merge rule, checked below
      const values = [...perDevice.values()];
      if (perDevice.size === 1) expect(doc[field], `${key}.${field} lost its only edit`).toEqual(values[0]);
      else expect(values, `${key}.${field} took a value nobody wrote`).toContainEqual(doc[field]);
    }
  }
}

/** Nothing a device made is gone unless someone deleted it, or (a list) it was merged into a same-named one. */
async function checkNothingLost(server: RestartableServer, intent: Intent, toys: Map<string, unknown>, lists: Set<string>, rotationIds: Set<string>) {
  for (const id of intent.deletedToys) expect(toys.has(id), `deleted ${id} came back`).toBe(false);
  for (const id of intent.createdToys) if (!intent.deletedToys.has(id)) expect(toys.has(id), `created ${id} lost`).toBe(true);
  for (const id of intent.rotations) expect(rotationIds.has(id), `rotation ${id} lost`).toBe(true);
  for (const key of intent.createdLists) {
    if (intent.deletedLists.has(key) || lists.has(key)) continue;
    const [owner, id] = key.split(' ') as [string, string];
    const row = await server.t.db.selectFrom('lists').select('merged_into').where('household_id', '=', asHouseholdId(owner)).where('id', '=', id).executeTakeFirst();
    expect(row?.merged_into, `list ${id} of ${owner} lost (not merged into a same-named one)`).toBeTruthy();
  }
}

/** Plan limits block new adds once reached (fault 4), on every device. */
async function checkLimits(world: World, device: number, settings: SettingsDoc, toys: number, collections: number): Promise<void> {
  const db = world.devices[device]!.db;
  if (toys >= settings.toysLimit) await expect(addToy(db, { title: 'one too many' }), 'a toy over the limit').rejects.toThrow(OpError);
  if (collections >= settings.collectionsLimit) await expect(addList(db, 'collection', 'one too many'), 'a collection over the limit').rejects.toThrow(OpError);
}

/** The end state against what the devices did. Returns broken merge rules (fault 7 and 8 invariants) for the shard to report together. */
export async function checkIntent(server: RestartableServer, world: World, intent: Intent): Promise<string[]> {
  const { seed } = world;
  const broken: string[] = [];
  const toys = new Map<string, ToyDoc>();
  const docs = new Map<string, Record<string, unknown>>();
  const listKeys = new Set<string>();
  const rotationIds = new Set<string>();
  for (const owner of new Set(world.accounts.map((a) => a.ownerId))) {
    const index = world.devices.findIndex((_, i) => ownerOf(world, i) === owner);
    const db = world.devices[index]!.db;
    const lists = (await db.lists.find().exec()).map((l) => l.toMutableJSON());
    const settings = (await db.settings.findOne(owner).exec())!.toMutableJSON() as SettingsDoc;
    const rotations = (await db.rotations.find().exec()).map((r) => r.toMutableJSON() as RotationDoc);
    for (const d of await db.toys.find().exec()) toys.set(d.id, d.toMutableJSON() as ToyDoc);
    for (const toy of toys.values()) docs.set(`toys/${toy.id}`, toy);
    docs.set(`settings/${owner}`, settings);
    for (const list of lists) listKeys.add(`${owner} ${list.id}`);
    for (const rotation of rotations) rotationIds.add(rotation.id);

    for (const kind of ['category', 'collection']) {
      const names = lists.filter((l) => l.kind === kind).map((l) => listNameKey(l.name));
      const dup = names.find((n, i) => names.indexOf(n) !== i);
      if (dup) broken.push(`seed ${seed}: two ${kind} lists named "${dup}"`);
    }
    // Fault 9: the current rotation is the last the server accepted, on every device, and the
    // date the home screen shows is its date.
    const latest = latestRotation(rotations.filter((r) => r.childId === FIRST_CHILD_ID));
    for (let i = 0; i < world.devices.length; i++) {
      if (ownerOf(world, i) !== owner) continue;
      expect((await currentRotation(world.devices[i]!.db))?.id ?? null, `${world.devices[i]!.name}: the current rotation`).toBe(latest?.id ?? null);
    }
    if (latest) expect(settings.lastRotationDate, 'the last rotation date is the current rotation\'s').toBe(latest.createdAt);
    const ownToys = (await db.toys.find().exec()).filter((t) => !t.retired).length;
    const collections = lists.filter((l) => l.kind === 'collection').length;
    for (let i = 0; i < world.devices.length; i++) if (ownerOf(world, i) === owner) await checkLimits(world, i, settings, ownToys, collections);
  }
  await checkNothingLost(server, intent, toys, listKeys, rotationIds);
  checkFields(intent, docs);
  for (const [id, cols] of intent.added) {
    const toy = toys.get(id);
    if (toy) for (const col of cols) if (!intent.removed.get(id)?.has(col)) expect(toy.collectionIds, `${id} lost ${col}`).toContain(col);
  }
  for (const [id, cols] of intent.removed) {
    const toy = toys.get(id);
    if (toy) for (const col of cols) if (!intent.added.get(id)?.has(col)) expect(toy.collectionIds, `${id} kept removed ${col}`).not.toContain(col);
  }
  for (const toy of toys.values()) if (toy.excluded && toy.favorite) broken.push(`seed ${seed}: toy ${toy.id} is both excluded and kept`);
  return broken;
}
