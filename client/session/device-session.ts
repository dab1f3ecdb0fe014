import type { AuthResponse } from '../../shared/schemas/auth.js';
import type { SyncTable } from '../../shared/schemas/docs.js';
import type { HouseholdLeftInfo, SyncStatus } from '../sync/sync-types.js';
import { ApiError } from '../lib/http.js';
import { canMove, type DevicePhase } from './device-phases.js';
import { cachedHouseholdName, forgetHousehold } from './household-storage.js';
import { forgetKept, keptData, rememberKept, storedNotice, storeNotice, type HouseholdChange, type HouseholdNotice, type KeptData } from './kept-data.js';
import {
  AUTH_TOKEN_KEY,
  clearAuth,
  clearUser,
  HOUSEHOLD_ID_KEY,
  readStoredSession,
  SESSION_CHECK_MS,
  SETUP_TIME_KEY,
  sessionPhase,
  storeHousehold,
  storeRenewedToken,
  storeSignIn,
  type StoredSession,
  USER_ID_KEY,
  USERNAME_KEY,
} from './session-store.js';

/** A household this device never learnt the name of: the screens name it in the language shown. */
const UNNAMED = '';

// The device's session as one controller (decision 034): who is signed in, which household's
// database is open, its sync, and every move between households (join, leave, delete, removal)
// and out (Log Out). Its states and moves are in device-phases.ts. It knows nothing of React:
// the app subscribes to its snapshot (session.tsx), and tests drive it with fake ports.

/** How long a join or leave waits for waiting changes to reach the server. */
const SETTLE_MS = 15_000;
const SESSION_KEYS = [AUTH_TOKEN_KEY, SETUP_TIME_KEY, USER_ID_KEY, USERNAME_KEY, HOUSEHOLD_ID_KEY];
export const INITIAL_STATUS: SyncStatus = { state: 'syncing', pending: 0, lastSyncedAt: null };

export type DeviceDatabase = { readonly householdId: string };
export type DeviceSync = {
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** A new token: a sync paused by a 401 carries on. */
  resume(): void;
  stop(): Promise<void>;
  awaitInSync(): Promise<void>;
  /** Hand in what waits and stop; it then reports through onHouseholdLeft. */
  householdLeft(message: string): void;
};
type SyncHooks = {
  getToken(): string | null;
  onHouseholdLeft(info: HouseholdLeftInfo): void;
  onRemoteChange(collections: SyncTable[]): void;
};

/** What the controller does to the world; the browser's are in device-ports.ts. */
export type DevicePorts<Db extends DeviceDatabase> = {
  storage(): Storage;
  now(): number;
  online(): boolean;
  /** Where `online` and `storage` events arrive (the window). */
  events?: EventTarget;
  openDatabase(householdId: string, signal: AbortSignal): Promise<Db>;
  closeDatabase(db: Db): Promise<void>;
  /** The household's local database and everything kept beside it go. */
  removeDatabase(householdId: string): Promise<void>;
  startSync(db: Db, hooks: SyncHooks, signal: AbortSignal): Promise<DeviceSync>;
  /** POST /api/auth/renew: a fresh token, bound to the household the account is in now. */
  renewToken(token: string | null): Promise<string>;
  /** GET /api/auth/me: the household the account works on now. */
  currentHousehold(token: string | null): Promise<string | null>;
  /** Ends the token on the server, now or when the network is back. */
  revoke(token: string | null): void;
  /** Sends what waits in local storage (revocations, reminder switches). */
  resend(token: string | null): void;
  stopPush(): void;
  /** Once per household: ask the browser to keep the offline copy. */
  keepOffline(householdId: string): void;
};

export type DeviceSnapshot<Db> = {
  phase: DevicePhase;
  session: StoredSession;
  /** The session ran out while offline: local data stays usable, sync waits for a new sign-in. */
  needsSignIn: boolean;
  db: Db | null;
  status: SyncStatus;
  notice: HouseholdNotice | null;
  kept: KeptData[];
};

type OpenData<Db> = {
  householdId: string;
  abort: AbortController;
  opening: Promise<Db>;
  db: Db | null;
  sync: DeviceSync | null;
  unsubscribe: () => void;
};

const sameSession = (a: StoredSession, b: StoredSession) =>
  a.token === b.token && a.setupTime === b.setupTime && a.userId === b.userId && a.username === b.username && a.householdId === b.householdId;

export class DeviceSession<Db extends DeviceDatabase> {
  private phase: DevicePhase = 'signed-out';
  private stored: StoredSession;
  private needsSignIn = false;
  private status = INITIAL_STATUS;
  private notice: HouseholdNotice | null;
  private kept: KeptData[];
  private data: OpenData<Db> | null = null;
  /** The last close (or removal), so the next open waits until it is really done. */
  private closing: Promise<unknown> = Promise.resolve();
  private snapshot: DeviceSnapshot<Db>;
  private readonly listeners = new Set<() => void>();
  private readonly remoteListeners = new Set<(collections: SyncTable[]) => void>();
  private started = false;
  private renewing = false;
  /** The household a move of ours is leaving (a change made elsewhere is handled in refresh). */
  private moving: string | null = null;
  private handlingLeft: string | null = null;
  /** Left with no next household known: its data is not opened again until the session changes. */
  private leftBehind: string | null = null;

  constructor(private readonly ports: DevicePorts<Db>) {
    this.stored = readStoredSession(ports.storage());
    this.notice = storedNotice(ports.storage());
    this.kept = keptData(ports.storage());
    this.snapshot = this.makeSnapshot();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = (): DeviceSnapshot<Db> => this.snapshot;

  /** Calls `listener` with the collections the live stream says changed on the server. */
  onRemoteChange(listener: (collections: SyncTable[]) => void): () => void {
    this.remoteListeners.add(listener);
    return () => void this.remoteListeners.delete(listener);
  }

  /** Opens what the stored session names and keeps it in step (every 5 s, other tabs, online). */
  start(): () => void {
    this.started = true;
    this.reconcile();
    this.check();
    this.ports.resend(this.stored.token);
    const timer = setInterval(this.check, SESSION_CHECK_MS);
    const onStorage = (event: Event) => {
      const key = (event as StorageEvent).key;
      if (key === null || key === undefined || SESSION_KEYS.includes(key)) this.refresh();
    };
    const onOnline = () => {
      this.check();
      this.ports.resend(readStoredSession(this.ports.storage()).token);
    };
    this.ports.events?.addEventListener('storage', onStorage);
    this.ports.events?.addEventListener('online', onOnline);
    this.emit();
    return () => {
      clearInterval(timer);
      this.ports.events?.removeEventListener('storage', onStorage);
      this.ports.events?.removeEventListener('online', onOnline);
    };
  }

  /** Tests: closes what is open and waits for it. */
  async dispose(): Promise<void> {
    this.closeData();
    await this.closing;
  }

  getToken = (): string | null => readStoredSession(this.ports.storage()).token;

  /** Reads local storage again; opens, closes or switches the database to match it. */
  refresh = (): StoredSession => {
    const next = readStoredSession(this.ports.storage());
    const before = this.stored;
    if (sameSession(before, next)) return before;
    const unsent = this.status.pending;
    this.stored = next;
    if (next.householdId !== before.householdId || next.userId !== before.userId) this.leftBehind = null;
    if (next.token && next.token !== before.token) this.data?.sync?.resume();
    this.reconcile();
    this.noticeMovedElsewhere(before, next, unsent);
    this.emit();
    return next;
  };

  // --- signing in and out -------------------------------------------------------------------

  /** Stores a login or register response; the database of the household it names opens. */
  login(response: AuthResponse, kind: 'login' | 'register' = 'login'): void {
    storeSignIn(this.ports.storage(), response, kind, this.ports.now());
    this.needsSignIn = false;
    this.leftBehind = null;
    this.refresh();
    this.emit();
  }

  /** "Sign in to sync": drop the dead token but keep the local data. */
  signInAgain(): void {
    clearAuth(this.ports.storage());
    this.refresh();
  }

  /** A token the server handed out for the household the account is in now. */
  replaceToken(token: string): void {
    storeRenewedToken(this.ports.storage(), token, this.ports.now());
    this.needsSignIn = false;
    this.refresh();
    this.emit();
  }

  /** After joining, leaving or removal: the device opens (and syncs) this household's data instead. */
  setHousehold(householdId: string): void {
    storeHousehold(this.ports.storage(), householdId);
    this.refresh();
  }

  /** Log Out: revokes the session (now or once online), forgets the user, removes their local data. */
  async logout(): Promise<void> {
    const current = readStoredSession(this.ports.storage());
    this.move('logging-out');
    clearUser(this.ports.storage());
    this.needsSignIn = false;
    this.refresh();
    this.ports.revoke(current.token);
    this.ports.stopPush();
    if (current.householdId) {
      const householdId = current.householdId;
      await this.chainAfterClose(() => this.ports.removeDatabase(householdId), 'Could not clear local data on logout');
    }
    if (this.phase === 'logging-out') this.move('signed-out');
    this.emit();
  }

  /** The spec's 5 s check: a due renewal, or an expiry (offline: "Sign in to sync"). */
  check = (): void => {
    const current = this.refresh();
    if (current.token && current.setupTime === null) {
      this.ports.storage().setItem(SETUP_TIME_KEY, String(this.ports.now()));
      this.refresh();
      return;
    }
    const phase = sessionPhase(current, this.ports.now());
    if (phase === 'signed-out' || phase === 'fresh') return this.setNeedsSignIn(false);
    if (this.ports.online()) void this.renew(current, phase === 'expired');
    else if (phase === 'expired') this.setNeedsSignIn(true);
  };

  private async renew(current: StoredSession, expired: boolean): Promise<void> {
    if (this.renewing || !current.token) return;
    this.renewing = true;
    try {
      const token = await this.ports.renewToken(current.token);
      // Another tab may have logged out meanwhile: only store if the token we renewed is still ours.
      if (readStoredSession(this.ports.storage()).token === current.token) storeRenewedToken(this.ports.storage(), token, this.ports.now());
      this.setNeedsSignIn(false);
    } catch (error) {
      if (error instanceof ApiError && !error.network && (error.status === 401 || error.status === 403)) {
        // The server no longer knows this session: the spec's expiry applies, local data stays.
        if (expired || error.status === 401) clearAuth(this.ports.storage());
      } else if (expired) {
        this.setNeedsSignIn(true);
      }
    } finally {
      this.renewing = false;
      this.refresh();
    }
  }

  private setNeedsSignIn(value: boolean): void {
    if (this.needsSignIn === value) return;
    this.needsSignIn = value;
    this.emit();
  }

  // --- moving between households ----------------------------------------------------------

  /** Before joining or leaving: sends what waits. `pending` is what still waits (0: go ahead). */
  async settle(): Promise<{ pending: number }> {
    if (this.status.pending === 0) return { pending: 0 };
    const sync = this.data?.sync;
    if (sync && this.ports.online()) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SETTLE_MS)));
      await Promise.race([sync.awaitInSync(), timeout]).finally(() => clearTimeout(timer));
    }
    return { pending: this.status.pending };
  }

  /**
   * Right before asking the server to leave or delete the household: the sync then hears "no
   * longer a member" with the old token, which is this move, not a removal (switchTo follows).
   * Returns the undo, for a request that failed.
   */
  expectMove(): () => void {
    const from = this.stored.householdId;
    this.moving = from;
    return () => {
      if (this.moving === from) this.moving = null;
    };
  }

  /** After a join or leave the server accepted: the device now holds `nextId`'s data. */
  async switchTo(nextId: string, change: HouseholdChange, name: string): Promise<void> {
    const oldId = this.stored.householdId;
    if (!oldId || oldId === nextId) return;
    const unsent = this.status.pending;
    const oldName = change === 'joined' ? (cachedHouseholdName(this.ports.storage(), oldId) ?? UNNAMED) : name;
    await this.leaveData(oldId, nextId, unsent > 0 ? { unsent, name: oldName } : null);
    this.show({ change, name, pending: change === 'joined' ? 0 : unsent });
  }

  /** A REST call answered 403 `household: "left"`: the same as when sync hears it. */
  householdLeft(message: string): void {
    const leftId = this.stored.householdId;
    if (!leftId) return;
    const sync = this.data?.householdId === leftId ? this.data.sync : null;
    if (sync) {
      if (this.phase === 'syncing') this.move('handing-in');
      sync.householdLeft(message);
      return;
    }
    this.onSyncLeft(leftId, { message, sent: 0, unsent: this.status.pending, handedIn: 0, refused: 0 });
  }

  async discardKept(keptId: string): Promise<void> {
    if (keptId === this.stored.householdId) return; // open again: it is the current data
    await this.ports.removeDatabase(keptId);
    forgetKept(this.ports.storage(), keptId);
    forgetHousehold(this.ports.storage(), keptId);
    this.kept = keptData(this.ports.storage());
    this.emit();
  }

  dismissNotice(): void {
    this.show(null);
  }

  /** Sync stopped because the account is no longer a member: move to where it works now. */
  private onSyncLeft(leftId: string, info: HouseholdLeftInfo): void {
    if (this.handlingLeft === leftId || this.stored.householdId !== leftId || this.moving === leftId) return;
    this.handlingLeft = leftId;
    if (this.phase === 'syncing') this.move('handing-in');
    const name = cachedHouseholdName(this.ports.storage(), leftId) ?? UNNAMED;
    const unsent = info.unsent + info.refused;
    const keep = unsent > 0 ? { unsent, name } : null;
    const handedIn = info.handedIn + info.refused > 0 ? { handedIn: { taken: info.handedIn, refused: info.refused } } : {};
    void (async () => {
      try {
        // Where the account works now, and a token bound to it (decision 016).
        const current = await this.ports.currentHousehold(this.getToken());
        const nextId = current && current !== leftId ? current : null;
        if (!nextId) throw new Error('the server named no other household');
        this.replaceToken(await this.ports.renewToken(this.getToken()));
        await this.leaveData(leftId, nextId, keep);
      } catch (error) {
        // Offline or refused: the person signs in again, and the login answer names the household.
        console.warn('[household] could not move to the current household; signing in again', error);
        await this.leaveData(leftId, null, keep);
        this.signInAgain();
      } finally {
        this.show({ change: 'removed', name, pending: unsent, ...handedIn });
        this.handlingLeft = null;
      }
    })();
  }

  /** Moves the session to `nextId` (when given), then drops the old data, or keeps it when `keep` says so. */
  private async leaveData(oldId: string, nextId: string | null, keep: { unsent: number; name: string } | null): Promise<void> {
    this.moving = oldId;
    const wasOpen = this.data?.householdId === oldId;
    if (wasOpen) this.move('leaving');
    if (nextId) {
      this.setHousehold(nextId);
    } else if (wasOpen) {
      this.leftBehind = oldId;
      this.closeData();
      this.move('removed');
      this.emit();
    }
    await this.closing;
    if (keep) {
      rememberKept(this.ports.storage(), { householdId: oldId, name: keep.name, pending: keep.unsent, keptAt: this.ports.now() });
      this.kept = keptData(this.ports.storage());
      this.emit();
      return;
    }
    await this.chainAfterClose(() => this.ports.removeDatabase(oldId), 'Could not remove the former household data');
    forgetHousehold(this.ports.storage(), oldId);
  }

  /**
   * The same person's household changed without a move of ours: a sign-in after their session
   * ran out answered another household (removed, or joined elsewhere meanwhile). That is a move
   * too: the old household's data leaves this device, unless changes wait in it.
   */
  private noticeMovedElsewhere(before: StoredSession, next: StoredSession, unsent: number): void {
    if (!before.householdId || before.householdId === next.householdId || before.userId !== next.userId || !next.userId) return;
    if (this.moving === before.householdId) {
      this.moving = null;
      return;
    }
    const oldId = before.householdId;
    const name = cachedHouseholdName(this.ports.storage(), oldId) ?? UNNAMED;
    void this.leaveData(oldId, null, unsent > 0 ? { unsent, name } : null).then(() => this.show({ change: 'removed', name, pending: unsent }));
  }

  private show(notice: HouseholdNotice | null): void {
    storeNotice(this.ports.storage(), notice);
    this.notice = notice;
    this.emit();
  }

  // --- the open database and its sync -----------------------------------------------------

  /** Opens the database the stored session names, closing another one first. */
  private reconcile(): void {
    if (!this.started) return;
    const id = this.stored.householdId;
    const wanted = id && id !== this.leftBehind ? id : null;
    if ((this.data?.householdId ?? null) === wanted) return;
    this.closeData();
    if (wanted) this.openData(wanted);
    else if (this.phase !== 'removed' && this.phase !== 'logging-out') this.move('signed-out');
  }

  private openData(householdId: string): void {
    const abort = new AbortController();
    const opening = this.closing.then(() => this.ports.openDatabase(householdId, abort.signal));
    const data: OpenData<Db> = { householdId, abort, opening, db: null, sync: null, unsubscribe: () => {} };
    this.data = data;
    this.move('opening');
    opening.then(
      (db) => this.opened(data, db),
      (error: unknown) => {
        if (!abort.signal.aborted) console.error('Could not open the local database', error);
      },
    );
  }

  private opened(data: OpenData<Db>, db: Db): void {
    if (this.data !== data) return;
    data.db = db;
    this.ports.keepOffline(data.householdId);
    this.move('syncing');
    this.emit();
    const hooks: SyncHooks = {
      getToken: this.getToken,
      onHouseholdLeft: (info) => this.onSyncLeft(data.householdId, info),
      onRemoteChange: (collections) => this.remoteListeners.forEach((listener) => listener(collections)),
    };
    this.ports.startSync(db, hooks, data.abort.signal).then(
      (sync) => {
        if (this.data !== data) return void sync.stop();
        data.sync = sync;
        data.unsubscribe = sync.subscribe((status) => {
          if (this.data !== data) return;
          this.status = status;
          this.emit();
        });
      },
      (error: unknown) => {
        if (!data.abort.signal.aborted) console.error('Could not start sync', error);
      },
    );
  }

  private closeData(): void {
    const data = this.data;
    if (!data) return;
    this.data = null;
    data.abort.abort();
    data.unsubscribe();
    void data.sync?.stop();
    this.status = INITIAL_STATUS;
    this.closing = data.opening.then((db) => this.ports.closeDatabase(db)).catch(() => undefined);
  }

  private chainAfterClose(work: () => Promise<void>, failure: string): Promise<void> {
    const done = this.closing.then(work).catch((error: unknown) => console.error(failure, error));
    this.closing = done;
    return done;
  }

  private move(to: DevicePhase): void {
    if (this.phase === to && to !== 'opening') return;
    if (!canMove(this.phase, to)) console.error(`[session] unexpected move from ${this.phase} to ${to}`);
    this.phase = to;
    this.emit();
  }

  private makeSnapshot(): DeviceSnapshot<Db> {
    return {
      phase: this.phase,
      session: this.stored,
      needsSignIn: this.needsSignIn,
      db: this.data?.db ?? null,
      status: this.status,
      notice: this.notice,
      kept: this.kept,
    };
  }

  private emit(): void {
    const next = this.makeSnapshot();
    const previous = this.snapshot;
    if ((Object.keys(next) as (keyof DeviceSnapshot<Db>)[]).every((key) => next[key] === previous[key])) return;
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }
}
