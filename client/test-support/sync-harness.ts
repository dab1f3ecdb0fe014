import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { serveOnFreePort } from '../../sync-server/test-support/serve-app.js';
import { addRxPlugin, type RxStorage } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { createTestApp, type TestApp } from '../../sync-server/test-support/test-app.js';
import { seedUser } from '../../sync-server/test-support/users.js';
import { monotonicLwtStorage } from '../db/monotonic-lwt-storage.js';
import { openUserDatabase, type OpenOptions, type ToyDatabase } from '../db/database.js';
import { removeHouseholdData } from '../sync/remove-household-data.js';
import { startSync, type SyncHandle, type SyncOptions } from '../sync/start-sync.js';
import type { Plan } from '../../shared/domain/plans.js';

// Test support (never shipped): the real server on 127.0.0.1:0 and simulated devices, each an
// RxDB database of its own on fake-indexeddb (or memory), replicating like a browser would.

let devMode = false;
/** Dev-mode checks schemas and every write against them (tests only: never in the bundle). */
export function enableDevMode(): void {
  if (devMode) return;
  devMode = true;
  disableWarnings();
  addRxPlugin(RxDBDevModePlugin);
}

export function dexieStorage(): RxStorage<any, any> {
  const storage = monotonicLwtStorage(getRxStorageDexie());
  return devMode ? wrappedValidateAjvStorage({ storage }) : storage;
}
export function memoryStorage(): RxStorage<any, any> {
  const storage = monotonicLwtStorage(getRxStorageMemory());
  return devMode ? wrappedValidateAjvStorage({ storage }) : storage;
}

export type TestServer = { t: TestApp; baseUrl: string; close(): Promise<void> };

export async function startTestServer(): Promise<TestServer> {
  const t = await createTestApp();
  const served = await serveOnFreePort(t.app.fetch);
  return {
    t,
    baseUrl: served.url,
    async close() {
      await served.close();
      await t.close();
    },
  };
}

export type Device = {
  name: string;
  db: ToyDatabase;
  sync: SyncHandle | null;
  token: { value: string | null };
  /** Network on: starts replication (and the live stream). */
  online(options?: Partial<SyncOptions>): SyncHandle;
  /** Network off: stops replication; local writes keep queueing in the local database. */
  offline(): Promise<void>;
  close(): Promise<void>;
};

let deviceCounter = 0;

export async function openDevice(
  server: TestServer,
  user: { userId: string; token: string },
  options: Partial<OpenOptions> & { label?: string } = {},
): Promise<Device> {
  const name = options.name ?? `device${++deviceCounter}-${options.label ?? 'x'}`;
  const storage = options.storage ?? dexieStorage();
  const db = await openUserDatabase(user.userId, { storage, multiInstance: false, ...options, name });
  const token = { value: user.token as string | null };
  const device: Device = {
    name,
    db,
    sync: null,
    token,
    online(syncOptions = {}) {
      if (device.sync) return device.sync;
      device.sync = startSync(db, { baseUrl: server.baseUrl, getToken: () => token.value, retryMs: 50, ...syncOptions });
      return device.sync;
    },
    async offline() {
      await device.sync?.stop();
      device.sync = null;
    },
    async close() {
      await device.offline();
      await db.close();
      await removeHouseholdData(user.userId, { storage, name }).catch(() => {});
    },
  };
  return device;
}

export async function newUser(server: TestServer, plan: Plan = 'free') {
  return seedUser(server.t.deps, { plan });
}

/** Waits until `check` passes (polling), or fails with its last error. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000, intervalMs = 25): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }
}

/** Every collection's live and deleted documents, without RxDB's meta fields, sorted by id. */
export async function snapshot(db: ToyDatabase): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const name of ['toys', 'lists', 'settings', 'rotations'] as const) {
    if (!(name in db.collections)) continue;
    const docs = await db.collections[name].find().exec();
    out[name] = docs
      .map((doc) => {
        const { _meta, _rev, _attachments, _deleted, ...data } = doc.toMutableJSON(true) as Record<string, unknown>;
        return data;
      })
      .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  }
  return out;
}

/** A fresh live session for the user (what a sign-in or a token renewal gives). */
export async function newSession(server: TestServer, userId: string): Promise<string> {
  const { newToken, hashToken } = await import('../../sync-server/lib/tokens.js');
  const token = newToken();
  const now = server.t.deps.now();
  await server.t.db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + 7_140_000 })
    .execute();
  return token;
}

/** A fetch with a switch: network.up = false makes every request fail like a dropped network. */
export function switchableFetch(log: { method: string; url: string }[] = []) {
  const network = { up: true };
  const fetchImpl: typeof fetch = async (input, init) => {
    if (!network.up) throw new TypeError('fetch failed: network is down');
    log.push({ method: init?.method ?? 'GET', url: String(input) });
    return fetch(input, init);
  };
  return { network, fetch: fetchImpl, log };
}

export type SyncTestBed = { server: TestServer; devices: Device[] };

/**
 * One real server for the test file, and every device pushed to `devices` closed after each
 * test (RxDB's free build allows 13 open collections per process).
 */
export function syncTestBed(): SyncTestBed {
  const bed = { devices: [] } as unknown as SyncTestBed;
  beforeAll(async () => {
    bed.server = await startTestServer();
  });
  afterAll(async () => bed.server.close());
  afterEach(async () => {
    for (const device of bed.devices) await device.close();
    bed.devices = [];
  });
  return bed;
}

/** Every device online, then in sync and holding the same data. */
export async function converge(...all: Device[]): Promise<void> {
  for (const device of all) device.online();
  await eventually(async () => {
    for (const device of all) await device.sync!.awaitInSync();
    const states = await Promise.all(all.map((d) => snapshot(d.db)));
    for (const state of states.slice(1)) expect(state).toEqual(states[0]);
  }, 20_000);
}

/** Two devices of a new user on the bed's server, in sync. */
export async function devicePair(bed: SyncTestBed, plan: Plan = 'free') {
  const user = await newUser(bed.server, plan);
  const a = await openDevice(bed.server, user, { label: 'a' });
  const b = await openDevice(bed.server, user, { label: 'b' });
  bed.devices.push(a, b);
  await converge(a, b);
  return { user, a, b };
}

/** Both devices go offline, each runs its edits, then both reconnect (a first, then b). */
export async function concurrently(a: Device, b: Device, editA: () => Promise<unknown>, editB: () => Promise<unknown>): Promise<void> {
  await a.offline();
  await b.offline();
  await editA();
  await editB();
  a.online();
  await a.sync!.awaitInSync();
  await converge(a, b);
}
