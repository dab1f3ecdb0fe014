import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { eventually, memoryStorage, newUser, openDevice, snapshot, startTestServer, switchableFetch, type Device, type TestServer } from './test-support.js';
import { listFromRow, toyFromRow } from '../../sync-server/services/sync/row-mapping.js';
import { addList, addToy, addToysToCollection, deleteToy, removeToyFromCollection, updateToy } from '../db/ops/index.js';
import type { ToyDoc } from '../../shared/schemas/docs.js';
import { COLLECTIONS } from '../db/database.js';

// Three devices of one user; in each trial random devices go offline for random periods and
// make random per-field edits, creates and deletes; then everyone reconnects. All devices and
// the server must end identical, and no edit that no other device contradicted may be lost.
// SYNC_TRIALS=1000 runs more; SYNC_SEED=n starts at another seed (a failure names its seed).

const TRIALS = Number(process.env.SYNC_TRIALS ?? 200);
const FIRST_SEED = Number(process.env.SYNC_SEED ?? 1);
const SCALARS = ['title', 'caption', 'location', 'feedback', 'excluded', 'favorite'] as const;

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T };
}

type Intent = {
  deleted: Set<string>;
  created: Set<string>;
  /** toy -> field -> device -> last value written */
  fields: Map<string, Map<string, Map<number, unknown>>>;
  added: Map<string, Set<string>>;
  removed: Map<string, Set<string>>;
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

type World = { userId: string; devices: Device[]; networks: { up: boolean }[]; collections: string[] };

/** Three devices of one user, replicating throughout; offline periods cut their network. */
async function openWorld(): Promise<World> {
  const user = await newUser(server, 'paid');
  const devices: Device[] = [];
  const networks: { up: boolean }[] = [];
  for (let i = 0; i < 3; i++) {
    // Toys and lists only: what the rules under test touch (and quicker to start).
    const device = await openDevice(server, user, { label: `r${i}`, storage: memoryStorage(), collections: { toys: COLLECTIONS.toys, lists: COLLECTIONS.lists } as typeof COLLECTIONS });
    const net = switchableFetch();
    device.online({ fetch: net.fetch, retryMs: 5 });
    devices.push(device);
    networks.push(net.network);
  }
  const collections: string[] = [];
  for (const name of ['c1', 'c2', 'c3']) collections.push((await addList(devices[0]!.db, 'collection', name))!.id);
  await converge(devices, user.userId);
  return { userId: user.userId, devices, networks, collections };
}

async function runTrial(world: World, seed: number): Promise<void> {
  const rnd = prng(seed);
  const { devices, networks, collections } = world;
  const intent: Intent = { deleted: new Set(), created: new Set(), fields: new Map(), added: new Map(), removed: new Map() };
  const record = (map: Map<string, Set<string>>, toy: string, value: string) => map.set(toy, (map.get(toy) ?? new Set()).add(value));
  const trialToys = async (device: Device) =>
    (await device.db.toys.find().exec()).map((d) => d.id).filter((id) => intent.created.has(id)).sort();

  const rounds = 2 + rnd.int(3);
  for (let round = 0; round < rounds; round++) {
    for (const network of networks) network.up = rnd.next() < 0.5;
    const ops = 2 + rnd.int(5);
    for (let op = 0; op < ops; op++) {
      const di = rnd.int(devices.length);
      const device = devices[di]!;
      const local = await trialToys(device);
      const roll = rnd.next();
      if (roll < 0.15 || local.length === 0) {
        const collectionIds = rnd.next() < 0.5 ? [rnd.pick(collections)] : [];
        const toy = await addToy(device.db, { title: `new-${seed}-${round}-${op}`, collectionIds });
        intent.created.add(toy.id);
      } else if (roll < 0.23) {
        const id = rnd.pick(local);
        intent.deleted.add(id);
        await deleteToy(device.db, id);
      } else if (roll < 0.4) {
        const id = rnd.pick(local);
        const col = rnd.pick(collections);
        if (rnd.next() < 0.5) {
          record(intent.added, id, col);
          await addToysToCollection(device.db, [id], col);
        } else {
          record(intent.removed, id, col);
          await removeToyFromCollection(device.db, id, col);
        }
      } else {
        const id = rnd.pick(local);
        const field = rnd.pick(SCALARS);
        const value =
          field === 'excluded' || field === 'favorite'
            ? rnd.next() < 0.5
            : field === 'title' || field === 'caption'
              ? `${field}-${seed}-${di}-${round}-${op}`
              : rnd.next() < 0.2 ? null : `${field}-${di}-${round}-${op}`;
        await updateToy(device.db, id, { [field]: value } as Partial<ToyDoc>);
        const perField = intent.fields.get(id) ?? new Map<string, Map<number, unknown>>();
        const perDevice = perField.get(field) ?? new Map<number, unknown>();
        perDevice.set(di, value);
        perField.set(field, perDevice);
        intent.fields.set(id, perField);
      }
    }
    // Let the devices that are online exchange something before the next period.
    await new Promise((resolve) => setTimeout(resolve, rnd.int(40)));
  }

  for (const network of networks) network.up = true;
  await converge(devices, world.userId);

  const toys = new Map((await devices[0]!.db.toys.find().exec()).map((d) => [d.id, d.toMutableJSON() as ToyDoc]));
  for (const id of intent.deleted) expect(toys.has(id), `seed ${seed}: deleted ${id} came back`).toBe(false);
  for (const id of intent.created) if (!intent.deleted.has(id)) expect(toys.has(id), `seed ${seed}: created ${id} lost`).toBe(true);
  for (const [id, perField] of intent.fields) {
    const toy = toys.get(id);
    if (!toy) continue;
    for (const [field, perDevice] of perField) {
      const values = [...perDevice.values()];
      const actual = toy[field as keyof ToyDoc];
      if (perDevice.size === 1) expect(actual, `seed ${seed}: ${id}.${field} lost its only edit`).toEqual(values[0]);
      else expect(values, `seed ${seed}: ${id}.${field} took a value nobody wrote`).toContainEqual(actual);
    }
  }
  for (const id of intent.created) {
    const toy = toys.get(id);
    if (!toy) continue;
    for (const col of intent.added.get(id) ?? []) {
      if (!intent.removed.get(id)?.has(col)) expect(toy.collectionIds, `seed ${seed}: ${id} lost ${col}`).toContain(col);
    }
    for (const col of intent.removed.get(id) ?? []) {
      if (!intent.added.get(id)?.has(col)) expect(toy.collectionIds, `seed ${seed}: ${id} kept removed ${col}`).not.toContain(col);
    }
  }
  // Keep the plan's toy limit far away: this trial's toys go (the next convergence checks it).
  for (const id of toys.keys()) if (intent.created.has(id)) await deleteToy(devices[rnd.int(devices.length)]!.db, id);
}

/** The server's toys and lists in the devices' shape (what a full pull would give). */
async function serverSnapshot(userId: string) {
  const db = server.t.db;
  const live = <T extends { _deleted: boolean; id: string }>(docs: T[]) =>
    docs.filter((d) => !d._deleted).map(({ _deleted, ...rest }) => rest).sort((a, b) => a.id.localeCompare(b.id));
  return {
    toys: live((await db.selectFrom('toys').selectAll().where('user_id', '=', userId).where('deleted', '=', 0).execute()).map(toyFromRow)),
    lists: live((await db.selectFrom('lists').selectAll().where('user_id', '=', userId).where('deleted', '=', 0).execute()).map(listFromRow)),
  };
}

/** Polls until every device equals the server, then confirms once nothing is in flight. */
async function converge(devices: Device[], userId: string) {
  const check = async () => {
    const expected = await serverSnapshot(userId);
    for (const device of devices) expect(await snapshot(device.db)).toEqual(expected);
  };
  await eventually(check, 20_000, 10);
  await Promise.all(devices.map((device) => device.sync!.awaitInSync()));
  await check();
}

describe('randomized convergence', () => {
  it(`${TRIALS} seeded trials end identical everywhere, losing no uncontested edit`, async () => {
    // A fresh world (user and devices) every 50 trials keeps the data sets small.
    for (let first = 0; first < TRIALS; first += 50) {
      const world = await openWorld();
      try {
        for (let i = first; i < Math.min(TRIALS, first + 50); i++) await runTrial(world, FIRST_SEED + i);
      } finally {
        for (const device of world.devices) await device.close();
      }
    }
  }, 600_000);
});
