import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../shared/schemas/auth.js';
import type { SyncTable } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from '../db/database.js';
import type { SyncStatus } from '../sync/sync-types.js';
import { browserPorts } from './device-ports.js';
import { DeviceSession, INITIAL_STATUS, type DeviceSnapshot } from './device-session.js';
import type { HouseholdChange, HouseholdNotice, KeptData } from './kept-data.js';
import { useIdentify, type Identity } from './use-identify.js';

// React's view of the device session (device-session.ts, decision 034): the controller owns
// sign-in, the open database, sync, household moves and Log Out; components only read its
// snapshot and call its methods.

export type { SyncStatus } from '../sync/sync-types.js';

export type Session = {
  token: string | null;
  userId: string | null;
  username: string | null;
  /** Whose data this device holds and syncs: the household (its id is the user id for an own household). */
  householdId: string | null;
  /** Auth is decided by a token being present locally (spec section 4). */
  signedIn: boolean;
  /** Whether this device knows whose token it holds ('known'), or is finding out (GET /api/auth/me). */
  identity: Identity;
  /** Asks the server again whose token this is. */
  retryIdentify: () => void;
  /** The session ran out while offline: local data stays usable, sync waits for a new sign-in. */
  needsSignIn: boolean;
  /** Stores a login or register response; the page then goes to /. */
  login: (response: AuthResponse, kind?: 'login' | 'register') => void;
  /** Log Out: revokes the session, forgets the user, wipes their local data, goes to /login. */
  logout: () => Promise<void>;
  /** "Sign in to sync": drop the dead token but keep the local data, then go to /login. */
  signInAgain: () => void;
  /** A token the server handed out for the household the account is in now (leave, or renewal after removal). */
  replaceToken: (token: string) => void;
  /** The current token, read fresh from storage. */
  getToken: () => string | null;
};

export type HouseholdSwitch = {
  /** The last switch's notice, until the person dismisses it. */
  notice: HouseholdNotice | null;
  dismissNotice(): void;
  /** Before joining or leaving: sends what waits. `pending` is what still waits (0: go ahead). */
  settle(): Promise<{ pending: number }>;
  /** Right before asking the server to leave or delete the household; returns the undo. */
  expectMove(): () => void;
  /** After a join or leave the server accepted: the device now holds `nextId`'s data. */
  switchTo(nextId: string, change: HouseholdChange, name: string): Promise<void>;
  /** A REST call answered 403 `household: "left"`: the same as when sync hears it. */
  householdLeft(message: string): void;
  /** Data of former households kept because it held unsent changes. */
  kept: KeptData[];
  discardKept(householdId: string): Promise<void>;
};

type Device = DeviceSession<ToyDatabase>;
const DeviceContext = createContext<Device | null>(null);
const SessionContext = createContext<Session | null>(null);
const DatabaseContext = createContext<ToyDatabase | null>(null);
const SyncStatusContext = createContext<SyncStatus>(INITIAL_STATUS);
const HouseholdSwitchContext = createContext<HouseholdSwitch | null>(null);

/**
 * The snapshot as React state. Not useSyncExternalStore: Log Out changes it inside a transition
 * together with the navigation to /login, and an external store's update would render first,
 * signed out at the old path, where its guard would redirect elsewhere.
 */
function useDeviceSnapshot(device: Device): DeviceSnapshot<ToyDatabase> {
  const [snapshot, setSnapshot] = useState(device.getSnapshot);
  useEffect(() => {
    const update = () => setSnapshot(device.getSnapshot());
    const unsubscribe = device.subscribe(update);
    const stop = device.start();
    update();
    return () => {
      unsubscribe();
      stop();
    };
  }, [device]);
  return snapshot;
}

function useSessionValue(device: Device, snapshot: DeviceSnapshot<ToyDatabase>): Session {
  const navigate = useNavigate();
  const storage = useCallback(() => window.localStorage, []);
  const { identity, retryIdentify } = useIdentify(snapshot.session, storage, device.refresh);
  const logout = useCallback(async () => {
    let done: Promise<void> = Promise.resolve();
    // One transition for both: react-router renders navigations as transitions, and a signed-out
    // render at the old path would let its guard redirect elsewhere first.
    startTransition(() => {
      done = device.logout();
      // The router handles its own navigation errors; nothing to await inside a transition.
      void navigate('/login');
    });
    await done;
  }, [device, navigate]);
  const signInAgain = useCallback(() => {
    startTransition(() => {
      device.signInAgain();
      void navigate('/login');
    });
  }, [device, navigate]);
  const { session, needsSignIn } = snapshot;
  return useMemo<Session>(
    () => ({
      token: session.token,
      userId: session.userId,
      username: session.username,
      householdId: session.householdId,
      signedIn: Boolean(session.token),
      identity,
      retryIdentify,
      needsSignIn,
      login: (response, kind) => device.login(response, kind),
      logout,
      signInAgain,
      getToken: device.getToken,
      replaceToken: (token) => device.replaceToken(token),
    }),
    [session, identity, retryIdentify, needsSignIn, device, logout, signInAgain],
  );
}

function useHouseholdSwitchValue(device: Device, snapshot: DeviceSnapshot<ToyDatabase>): HouseholdSwitch {
  const { notice, kept } = snapshot;
  return useMemo<HouseholdSwitch>(
    () => ({
      notice,
      kept,
      dismissNotice: () => device.dismissNotice(),
      settle: () => device.settle(),
      expectMove: () => device.expectMove(),
      switchTo: (nextId, change, name) => device.switchTo(nextId, change, name),
      householdLeft: (message) => device.householdLeft(message),
      discardKept: (householdId) => device.discardKept(householdId),
    }),
    [device, notice, kept],
  );
}

/** The device session for the app below it: who is signed in, the open database, its sync. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [device] = useState(() => new DeviceSession(browserPorts()));
  const snapshot = useDeviceSnapshot(device);
  const session = useSessionValue(device, snapshot);
  const switcher = useHouseholdSwitchValue(device, snapshot);
  return (
    <DeviceContext.Provider value={device}>
      <SessionContext.Provider value={session}>
        <DatabaseContext.Provider value={snapshot.db}>
          <HouseholdSwitchContext.Provider value={switcher}>
            <SyncStatusContext.Provider value={snapshot.status}>{children}</SyncStatusContext.Provider>
          </HouseholdSwitchContext.Provider>
        </DatabaseContext.Provider>
      </SessionContext.Provider>
    </DeviceContext.Provider>
  );
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/** The household's local database, or null while it opens (or when signed out). */
export function useDb(): ToyDatabase | null {
  return useContext(DatabaseContext);
}

export function useSyncStatus(): SyncStatus {
  return useContext(SyncStatusContext);
}

/** Joining, leaving and removal: how the device moves to another household's data (decision 017). */
export function useHouseholdData(): HouseholdSwitch {
  const value = useContext(HouseholdSwitchContext);
  if (!value) throw new Error('useHouseholdData must be used inside <SessionProvider>');
  return value;
}

/** Calls `listener` with the collections the live stream says changed on the server (this tab replicates). */
export function useRemoteChanges(listener: (collections: SyncTable[]) => void): void {
  const device = useContext(DeviceContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => device?.onRemoteChange((collections) => latest.current(collections)), [device]);
}
