import type { RxStorage } from 'rxdb';
import { memoryStorage, openDevice, type Device } from '../sync-harness.js';
import type { RestartableServer } from '../restartable-server.js';
import { deviceClockStorage } from '../device-clock-storage.js';
import { seedUser } from '../../../sync-server/test-support/users.js';
import { join } from '../../../sync-server/test-support/households.js';
import { apiClient } from '../../../sync-server/test-support/toys.js';
import { pushChanges } from '../../../sync-server/services/sync/push.js';
import type { Plan } from '../../../shared/domain/plans.js';
import { prng, type Random } from './prng.js';
import { asHouseholdId } from '../../../sync-server/db/schema.js';

// Test support: the worlds of the randomized sync test (randomized-sync.ts): accounts, their
// data on the server before the trial, and three devices, each with its own network (cut,
// lagging) and its own clock.

export const MINUTE = 60_000;

/** The clock of this process, before the test moves Date.now to the acting device's. */
export const realNow = Date.now.bind(Date);

/** While a device acts, Date.now() answers with its clock (createdAt, a rotation's date). */
export const acting = { offset: 0 };

/**
 * Who a device signs in as. `ownerId` is the data scope the account's devices replicate (the
 * household's id): devices with one ownerId must converge to the same data, devices with
 * different ones must never see each other's.
 * @public for the households work (issue 13)
 */
export type Account = { userId: string; token: string; ownerId: string };

/**
 * What a world is made of; `deviceAccounts[i]` is the index (in `accounts`) device i signs in as.
 * @public
 */
export type WorldShape = {
  kind: 'plain' | 'near-limit' | 'two-accounts' | 'household';
  plan: Plan;
  /** Toys each data owner already has on the server when the trial starts. */
  preloadToys: number;
  /** Collections each data owner already has (near the free plan's 3, adds cross the limit). */
  preloadCollections: number;
  accounts: number;
  deviceAccounts: number[];
  /** Chance that an operation adds a toy. */
  addChance: number;
};

/**
 * Makes the accounts of a world. The default gives each its own user (and so its own data);
 * households (issue 13) can pass one that makes members of one household, sharing an ownerId.
 * @public
 */
export type AccountSetup = (server: RestartableServer, shape: WorldShape) => Promise<Account[]>;

/** @public */
export const separateUsers: AccountSetup = async (server, shape) => {
  const accounts: Account[] = [];
  for (let i = 0; i < shape.accounts; i++) {
    const user = await seedUser(server.t.deps, { plan: shape.plan });
    accounts.push({ userId: user.userId, token: user.token, ownerId: user.userId });
  }
  // Issue 13: members of one household share its data (the owner's id is the household's).
  if (shape.kind === 'household') {
    const [owner, ...members] = accounts as [Account, ...Account[]];
    for (const member of members) {
      await join({ ...owner, email: '', api: apiClient(server.t, owner.token) }, { ...member, email: '', api: apiClient(server.t, member.token) });
      member.ownerId = owner.ownerId;
    }
  }
  return accounts;
};

/** The world a seed plays in: mostly plain; every fourth near the free plan's limits; some with two accounts. */
export function worldFor(seed: number): WorldShape {
  const plain = { plan: 'paid', preloadToys: 0, preloadCollections: 3, accounts: 1, deviceAccounts: [0, 0, 0], addChance: 0.12 } as const;
  // 96 of 100 toys and 2 of 3 collections: offline devices each add while they see room.
  if (seed % 4 === 2) return { ...plain, kind: 'near-limit', plan: 'free', preloadToys: 96, preloadCollections: 2, deviceAccounts: [0, 0, 0], addChance: 0.3 };
  // Devices of two members of one household (issue 13): the owner on two, a member on one.
  if (seed % 8 === 3) return { ...plain, kind: 'household', accounts: 2, deviceAccounts: [0, 0, 1] };
  if (seed % 8 === 7) return { ...plain, kind: 'two-accounts', accounts: 2, deviceAccounts: [0, 0, 1] };
  return { ...plain, kind: 'plain', deviceAccounts: [0, 0, 0] };
}

type Network = { up: boolean; /** Upper bound of the random delay of each request and answer (ms). */ lagMs: number };

/** A device's clock: `skew` from real time, moved by the trial's clock jumps. */
type Clock = { skew: number; now(): number };

export type World = {
  seed: number;
  shape: WorldShape;
  accounts: Account[];
  devices: Device[];
  networks: Network[];
  clocks: Clock[];
  fetches: (typeof fetch)[];
  /** Per device: its storage under the per-page-load clock wrapper (the device's IndexedDB). */
  storages: RxStorage<unknown, unknown>[];
  /** Per account: the ids of the collections its data had before the trial. */
  collections: string[][];
};

export const ownerOf = (world: World, device: number): string => world.accounts[world.shape.deviceAccounts[device]!]!.ownerId;

/** A network that can be cut, and lags: each request and each answer waits up to lagMs. */
function laggyFetch(network: Network, rnd: Random): typeof fetch {
  const lag = () => (network.lagMs > 0 ? new Promise((resolve) => setTimeout(resolve, rnd.int(network.lagMs))) : undefined);
  return async (input, init) => {
    if (!network.up) throw new TypeError('fetch failed: network is down');
    await lag();
    if (!network.up) throw new TypeError('fetch failed: network is down');
    // Uncompressed: compressing and inflating every answer is CPU the trials do not test.
    const response = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string> | undefined), 'accept-encoding': 'identity' } });
    // Only requests that answer at once: the live stream's body stays open.
    if (!String(input).includes('/stream')) await lag();
    return response;
  };
}

/**
 * One owner's data on the server before its devices start (as earlier devices would have
 * pushed it): `collections` collections and `toys` old toys. Returns the collections' ids.
 */
async function preload(server: RestartableServer, account: Account, shape: WorldShape, seed: number): Promise<string[]> {
  const user = await server.t.db.selectFrom('users').selectAll().where('id', '=', account.userId).executeTakeFirstOrThrow();
  const long = Date.now() - 30 * 24 * 60 * MINUTE;
  const tag = `${seed}-${account.ownerId.slice(0, 8)}`;
  const collections = ['c1', 'c2', 'c3'].slice(0, shape.preloadCollections).map((name, i) => ({
    newDocumentState: { id: `col-${tag}-${name}`, kind: 'collection', name, position: i + 1, createdAt: long, _deleted: false },
  }));
  await pushChanges(server.t.deps, { ...user, id: asHouseholdId(user.id) }, 'lists', collections);
  const rows = Array.from({ length: shape.preloadToys }, (_, i) => ({
    newDocumentState: {
      id: `pre-${tag}-${String(i).padStart(3, '0')}`,
      title: `old toy ${i}`,
      caption: '',
      categoryId: 'uncategorized',
      collectionIds: [],
      mediaId: null,
      excluded: false,
      favorite: false,
      lastRotatedAt: null,
      location: null,
      retired: false,
      feedback: null,
      createdAt: long + i,
      _deleted: false,
    },
  }));
  if (rows.length > 0) await pushChanges(server.t.deps, { ...user, id: asHouseholdId(user.id) }, 'toys', rows);
  return collections.map((row) => row.newDocumentState.id);
}

/** Device i's page load: its database over its storage, stamped by its clock, replicating. */
async function load(server: RestartableServer, world: World, index: number, name?: string): Promise<Device> {
  const account = world.accounts[world.shape.deviceAccounts[index]!]!;
  const storage = deviceClockStorage(world.storages[index]!, world.clocks[index]!);
  // The database is the household's (its id names the settings document).
  const device = await openDevice(server, { userId: account.ownerId, token: account.token }, { label: `s${world.seed}d${index}`, name, storage });
  device.online({ fetch: world.fetches[index]!, retryMs: 5, log: () => {} });
  return device;
}

export async function openWorld(server: RestartableServer, shape: WorldShape, seed: number, setup: AccountSetup): Promise<World> {
  const rnd = prng(seed ^ 0x5eed);
  const accounts = await setup(server, shape);
  const world: World = { seed, shape, accounts, devices: [], networks: [], clocks: [], fetches: [], storages: [], collections: [] };
  const byOwner = new Map<string, string[]>();
  for (const account of accounts) {
    if (!byOwner.has(account.ownerId)) byOwner.set(account.ownerId, await preload(server, account, shape, seed));
    world.collections.push(byOwner.get(account.ownerId)!);
  }
  for (let i = 0; i < shape.deviceAccounts.length; i++) {
    const network: Network = { up: true, lagMs: rnd.pick([0, 0, 5, 30]) };
    const clock: Clock = { skew: 0, now: () => realNow() + clock.skew };
    world.networks.push(network);
    world.clocks.push(clock);
    world.fetches.push(laggyFetch(network, prng(seed * 31 + i)));
    world.storages.push(memoryStorage());
    world.devices.push(await load(server, world, i));
  }
  return world;
}

/** A page reload: the database closes and opens again (same storage), replication restarts. */
export async function reload(server: RestartableServer, world: World, index: number): Promise<void> {
  const old = world.devices[index]!;
  await old.offline();
  await old.db.close();
  world.devices[index] = await load(server, world, index, old.name);
}

export async function closeWorld(world: World): Promise<void> {
  for (const device of world.devices) await device.close();
}
