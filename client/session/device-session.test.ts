import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { HouseholdLeftInfo, SyncStatus } from '../sync/sync-types.js';
import { ApiError, OfflineError } from '../lib/http.js';
import { canMove, DEVICE_PHASES, type DevicePhase } from './device-phases.js';
import { DeviceSession, type DevicePorts, type DeviceSync } from './device-session.js';
import { keptData, storedNotice } from './kept-data.js';
import { SESSION_LIFETIME_MS } from './session-store.js';
import { MemoryStorage } from '../lib/memory-storage.js';

// The device session without React or a browser: fake ports record what the controller does to
// the world (open, close, remove, revoke...), and the tests check the order and the states.

type FakeDb = { householdId: string; closed: boolean };
type Hooks = Parameters<DevicePorts<FakeDb>['startSync']>[1];

class FakeSync implements DeviceSync {
  listeners = new Set<(status: SyncStatus) => void>();
  status: SyncStatus = { state: 'syncing', pending: 0, lastSyncedAt: null };
  constructor(
    readonly db: FakeDb,
    readonly hooks: Hooks,
    private readonly log: string[],
  ) {}
  subscribe(listener: (status: SyncStatus) => void) {
    this.listeners.add(listener);
    listener(this.status);
    return () => void this.listeners.delete(listener);
  }
  set(status: Partial<SyncStatus>) {
    this.status = { ...this.status, ...status };
    this.listeners.forEach((listener) => listener(this.status));
  }
  resume() {
    this.log.push(`resume ${this.db.householdId}`);
  }
  async stop() {
    this.log.push(`stop sync ${this.db.householdId}`);
  }
  async awaitInSync() {}
  householdLeft(message: string) {
    this.log.push(`hand in ${this.db.householdId}`);
    queueMicrotask(() => this.hooks.onHouseholdLeft({ message, sent: this.status.pending, unsent: 0, handedIn: 0, refused: 0 }));
  }
  /** The server said "no longer a member" to this sync, which handed in what it could. */
  left(info: Partial<HouseholdLeftInfo> = {}) {
    this.hooks.onHouseholdLeft({ message: 'You are no longer a member of this household.', sent: 0, unsent: 0, handedIn: 0, refused: 0, ...info });
  }
}

const NOW = 1_800_000_000_000;
const signedInAs = (userId: string, householdId = userId, token = `token-${userId}`) => ({
  authToken: token,
  setupTime: String(NOW),
  userId,
  username: `name-${userId}`,
  householdId,
});

function world(stored: Record<string, string> = {}) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  const log: string[] = [];
  const syncs: FakeSync[] = [];
  const net = { online: true, currentHousehold: null as string | null, renewed: 'token-renewed', refuse: false };
  const ports: DevicePorts<FakeDb> = {
    storage: () => storage,
    now: () => NOW,
    online: () => net.online,
    events: new EventTarget(),
    openDatabase: async (householdId) => {
      log.push(`open ${householdId}`);
      return { householdId, closed: false };
    },
    closeDatabase: async (db) => {
      db.closed = true;
      log.push(`close ${db.householdId}`);
    },
    removeDatabase: async (householdId) => void log.push(`remove ${householdId}`),
    startSync: async (db, hooks) => {
      const sync = new FakeSync(db, hooks, log);
      syncs.push(sync);
      log.push(`sync ${db.householdId}`);
      return sync;
    },
    renewToken: async () => {
      if (!net.online) throw new OfflineError();
      if (net.refuse) throw new ApiError('Session expired', 401);
      return net.renewed;
    },
    currentHousehold: async () => {
      if (!net.online) throw new OfflineError();
      return net.currentHousehold;
    },
    revoke: (token) => void log.push(`revoke ${token}`),
    resend: () => {},
    stopPush: () => void log.push('stop push'),
    keepOffline: () => {},
  };
  const device = new DeviceSession(ports);
  const phases: DevicePhase[] = [device.getSnapshot().phase];
  device.subscribe(() => {
    const { phase } = device.getSnapshot();
    if (phases.at(-1) !== phase) phases.push(phase);
  });
  return { storage, log, syncs, net, ports, device, phases };
}

const stops: (() => void)[] = [];
function started(w: ReturnType<typeof world>) {
  stops.push(w.device.start());
  return w;
}
// Every scenario moves only along the table of device-phases.ts (a move off it is logged).
let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  const offTable = errors.mock.calls.filter((call) => String(call[0]).includes('unexpected move'));
  vi.restoreAllMocks();
  expect(offTable).toEqual([]);
});

/** Until the controller's promises (open, close, start sync) have run. */
const settle = () => vi.waitFor(() => new Promise((resolve) => setTimeout(resolve, 5)));
async function syncingIn(w: ReturnType<typeof world>, householdId: string): Promise<FakeSync> {
  await vi.waitFor(() => {
    expect(w.device.getSnapshot().phase).toBe('syncing');
    expect(w.syncs.at(-1)?.db.householdId).toBe(householdId);
  });
  return w.syncs.at(-1) as FakeSync;
}

describe('the moves between states', () => {
  it('form one table: every state can be reached from signed-out, and can get back to signed-out', () => {
    const reach = (from: DevicePhase) => {
      const seen = new Set([from]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const a of [...seen]) for (const b of DEVICE_PHASES) if (canMove(a, b) && !seen.has(b)) grew = seen.add(b).size > 0;
      }
      return seen;
    };
    expect([...reach('signed-out')].sort()).toEqual([...DEVICE_PHASES].sort());
    for (const phase of DEVICE_PHASES) expect(reach(phase).has('signed-out')).toBe(true);
  });
});

describe('the device session', () => {
  it('opens the stored household and starts its sync; its status is what the app shows', async () => {
    const w = started(world(signedInAs('ann')));
    const sync = await syncingIn(w, 'ann');
    expect(w.phases).toEqual(['signed-out', 'opening', 'syncing']);
    expect(w.device.getSnapshot().db).toMatchObject({ householdId: 'ann' });
    sync.set({ state: 'online', pending: 0 });
    expect(w.device.getSnapshot().status.state).toBe('online');
    expect(w.log).toEqual(['open ann', 'sync ann']);
  });

  it('signs in from signed out: the household the answer names opens, and a new token resumes a paused sync', async () => {
    const w = started(world());
    expect(w.device.getSnapshot().phase).toBe('signed-out');
    w.device.login({ token: 't1', userId: 'ann', username: 'Ann', householdId: 'fam' });
    const sync = await syncingIn(w, 'fam');
    expect(w.device.getSnapshot().session).toMatchObject({ token: 't1', householdId: 'fam' });
    w.device.replaceToken('t2');
    expect(w.log).toContain('resume fam');
    expect(sync.hooks.getToken()).toBe('t2');
  });

  it('logs out: closes the database, then removes it, revokes the token even offline, and ends signed out', async () => {
    const w = started(world(signedInAs('ann')));
    await syncingIn(w, 'ann');
    w.net.online = false;
    await w.device.logout();
    expect(w.phases).toEqual(['signed-out', 'opening', 'syncing', 'logging-out', 'signed-out']);
    expect(w.log.slice(2)).toEqual(['stop sync ann', 'revoke token-ann', 'stop push', 'close ann', 'remove ann']);
    expect(w.device.getSnapshot()).toMatchObject({ db: null, session: { token: null, userId: null, householdId: null } });
  });

  it('a sign-in during Log Out opens the database only after the old one is removed', async () => {
    const w = started(world(signedInAs('ann')));
    await syncingIn(w, 'ann');
    const out = w.device.logout();
    w.device.login({ token: 't9', userId: 'ann', username: 'Ann', householdId: 'ann' });
    await out;
    await syncingIn(w, 'ann');
    expect(w.log.indexOf('remove ann')).toBeLessThan(w.log.lastIndexOf('open ann'));
  });

  it('joins: what waits is sent first; the old data is removed when nothing waits in it, and the new household opens', async () => {
    const w = started(world(signedInAs('ann')));
    await syncingIn(w, 'ann');
    expect(await w.device.settle()).toEqual({ pending: 0 });
    await w.device.switchTo('fam', 'joined', 'The Smiths');
    await syncingIn(w, 'fam');
    // The old database closes before the new one opens; it is removed meanwhile.
    expect(w.log.slice(0, 5)).toEqual(['open ann', 'sync ann', 'stop sync ann', 'close ann', expect.stringMatching(/^(remove ann|open fam)$/)]);
    expect(w.log).toContain('remove ann');
    expect(w.phases).toEqual(['signed-out', 'opening', 'syncing', 'leaving', 'opening', 'syncing']);
    expect(w.device.getSnapshot().notice).toEqual({ change: 'joined', name: 'The Smiths', pending: 0 });
    expect(storedNotice(w.storage)).toEqual({ change: 'joined', name: 'The Smiths', pending: 0 });
  });

  it('leaves with changes that could not be sent: the old data is kept (and said so), not removed', async () => {
    const w = started(world(signedInAs('ann', 'fam')));
    (await syncingIn(w, 'fam')).set({ pending: 2 });
    await w.device.switchTo('ann', 'left', 'The Smiths');
    await syncingIn(w, 'ann');
    expect(w.log).not.toContain('remove fam');
    expect(keptData(w.storage)).toEqual([{ householdId: 'fam', name: 'The Smiths', pending: 2, keptAt: NOW }]);
    expect(w.device.getSnapshot().kept).toHaveLength(1);
    expect(w.device.getSnapshot().notice).toEqual({ change: 'left', name: 'The Smiths', pending: 2 });
    await w.device.discardKept('fam');
    expect(w.log).toContain('remove fam');
    expect(w.device.getSnapshot().kept).toEqual([]);
  });

  it('removed by the family: sync hands in, the device moves to the household the server names, with a token bound to it', async () => {
    const w = started(world(signedInAs('ann', 'fam')));
    w.net.currentHousehold = 'ann';
    const sync = await syncingIn(w, 'fam');
    sync.left({ sent: 1, handedIn: 1 });
    await syncingIn(w, 'ann');
    await vi.waitFor(() => expect(w.device.getSnapshot().notice).not.toBeNull());
    expect(w.phases).toEqual(['signed-out', 'opening', 'syncing', 'handing-in', 'leaving', 'opening', 'syncing']);
    expect(w.device.getSnapshot().session.token).toBe('token-renewed');
    expect(w.log).toContain('remove fam');
    expect(w.device.getSnapshot().notice).toEqual({ change: 'removed', name: '', pending: 0, handedIn: { taken: 1, refused: 0 } });
  });

  it('removed while the server cannot say where the account is now: the data leaves, the person signs in again, then opens what the login names', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const w = started(world(signedInAs('ann', 'fam')));
    const sync = await syncingIn(w, 'fam');
    w.net.online = false;
    sync.left({ unsent: 1 });
    await vi.waitFor(() => expect(w.device.getSnapshot().session.token).toBeNull());
    await settle();
    expect(w.device.getSnapshot()).toMatchObject({ phase: 'removed', db: null, needsSignIn: false });
    expect(w.log).not.toContain('remove fam'); // one change could not be handed in: kept
    expect(w.log.filter((line) => line === 'open fam')).toHaveLength(1); // not opened again
    w.net.online = true;
    w.device.login({ token: 't2', userId: 'ann', username: 'Ann', householdId: 'ann' });
    await syncingIn(w, 'ann');
    expect(w.phases.slice(-3)).toEqual(['removed', 'opening', 'syncing']);
  });

  it('a REST call that hears "no longer a member" asks the running sync to hand in first', async () => {
    const w = started(world(signedInAs('ann', 'fam')));
    w.net.currentHousehold = 'ann';
    await syncingIn(w, 'fam');
    w.device.householdLeft('You are no longer a member of this household.');
    await syncingIn(w, 'ann');
    expect(w.log.indexOf('hand in fam')).toBeLessThan(w.log.indexOf('close fam'));
  });

  it('a move of our own (leave, delete) is not taken for a removal when sync hears "no longer a member"', async () => {
    const w = started(world(signedInAs('ann', 'fam')));
    const sync = await syncingIn(w, 'fam');
    w.device.expectMove();
    sync.left();
    await settle();
    expect(w.device.getSnapshot().phase).toBe('syncing');
    await w.device.switchTo('ann', 'left', 'The Smiths');
    await syncingIn(w, 'ann');
    expect(w.device.getSnapshot().notice?.change).toBe('left');
  });

  it('a sign-in that answers another household (changed elsewhere meanwhile) removes the old data and says so', async () => {
    const w = started(world(signedInAs('ann', 'fam')));
    await syncingIn(w, 'fam');
    w.device.login({ token: 't2', userId: 'ann', username: 'Ann', householdId: 'ann' });
    await syncingIn(w, 'ann');
    await vi.waitFor(() => expect(w.device.getSnapshot().notice).toEqual({ change: 'removed', name: '', pending: 0 }));
    expect(w.log).toContain('remove fam');
  });

  it('another tab logging out closes this tab’s database too', async () => {
    const w = started(world(signedInAs('ann')));
    await syncingIn(w, 'ann');
    w.storage.clear();
    w.ports.events?.dispatchEvent(Object.assign(new Event('storage'), { key: 'authToken' }));
    await vi.waitFor(() => expect(w.log).toContain('close ann'));
    expect(w.device.getSnapshot()).toMatchObject({ phase: 'signed-out', db: null });
  });

  it('a session that ran out offline keeps the data and asks for a sign-in; online it renews', async () => {
    const w = world({ ...signedInAs('ann'), setupTime: String(NOW - SESSION_LIFETIME_MS - 1) });
    w.net.online = false;
    started(w);
    await syncingIn(w, 'ann');
    expect(w.device.getSnapshot().needsSignIn).toBe(true);
    w.net.online = true;
    w.ports.events?.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(w.device.getSnapshot().needsSignIn).toBe(false));
    expect(w.device.getSnapshot().session.token).toBe('token-renewed');
    expect(w.log).toContain('resume ann');
  });
});
