import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { SyncTable } from '../../shared/schemas/docs.js';
import type { ToyDatabase } from './database.js';
import type { SyncHandle, SyncStatus } from '../sync/start-sync.js';
import { MEDIA_CACHE_NAME } from '../pwa/media-cache.js';
import { useSession } from '../session/session.js';
import { askPersistentStorageOnce } from './storage.js';
import { useHouseholdSwitch, type HouseholdSwitch } from '../hooks/use-household-switch.js';

export type { SyncStatus } from '../sync/start-sync.js';

// RxDB, Dexie and the sync engine load only once someone is signed in, so visitors' pages stay light.
const loadDatabaseModule = () => import('./database.js');
const loadSyncModule = () => import('../sync/start-sync.js');

async function closeDatabase(db: ToyDatabase): Promise<void> {
  const { closeUserDatabase } = await loadDatabaseModule();
  await closeUserDatabase(db);
}

/** A household's local database and photo cache go (logout, or its data left this device). */
async function removeDatabase(householdId: string): Promise<void> {
  const { removeUserDatabase } = await loadDatabaseModule();
  await removeUserDatabase(householdId);
}

const INITIAL_STATUS: SyncStatus = { state: 'syncing', pending: 0, lastSyncedAt: null };

const DatabaseContext = createContext<ToyDatabase | null>(null);
const SyncStatusContext = createContext<SyncStatus>(INITIAL_STATUS);
const HouseholdSwitchContext = createContext<HouseholdSwitch | null>(null);
type RemoteChangeListener = (collections: SyncTable[]) => void;
const RemoteChangesContext = createContext<Set<RemoteChangeListener>>(new Set());

/**
 * Opens the local database of the household the session works on (even offline: only the stored
 * ids are needed), replicates it while a token exists, and on Log Out closes and removes it.
 * After joining, leaving or removal it switches to the new household's data (decision 017).
 */
export function DatabaseProvider({ children }: { children: ReactNode }) {
  const { householdId, token, getToken, onLogout } = useSession();
  const [db, setDb] = useState<ToyDatabase | null>(null);
  const [sync, setSync] = useState<SyncHandle | null>(null);
  const [status, setStatus] = useState<SyncStatus>(INITIAL_STATUS);
  // The close of the last database, so the next open (or a removal) waits until it is really closed.
  const closing = useRef<Promise<void>>(Promise.resolve());
  const current = useRef<{ householdId: string; opening: Promise<ToyDatabase> } | null>(null);
  const statusRef = useRef(status);
  // Who listens to the live stream's "changed on the server" (the Family screen, use-household.ts).
  const [remoteListeners] = useState(() => new Set<RemoteChangeListener>());
  useEffect(() => {
    statusRef.current = status;
  }, [status]);

  useEffect(() => {
    if (!householdId) return;
    let cancelled = false;
    let opened: ToyDatabase | null = null;
    const opening = closing.current.then(async () => (await loadDatabaseModule()).openUserDatabase(householdId));
    current.current = { householdId, opening };
    opening
      .then((database) => {
        opened = database;
        if (!cancelled) setDb(database);
        // The design's promise: once per household, ask the browser to keep the offline copy.
        void askPersistentStorageOnce(householdId, window.localStorage);
      })
      .catch((error: unknown) => console.error('Could not open the local database', error));
    return () => {
      cancelled = true;
      setDb(null);
      setStatus(INITIAL_STATUS);
      closing.current = opening
        .then(async () => {
          if (opened) await closeDatabase(opened);
        })
        .catch(() => undefined);
    };
  }, [householdId]);

  /** Waits until the given household's database is closed (after the session moved away from it). */
  const closed = useCallback(async (closedId: string) => {
    const open = current.current;
    if (open?.householdId === closedId) await open.opening.then(closeDatabase).catch(() => undefined);
    await closing.current;
  }, []);

  const switcher = useHouseholdSwitch({
    pending: () => statusRef.current.pending,
    awaitSynced: async (timeoutMs) => {
      const handle = sync;
      if (!handle) return statusRef.current.pending === 0;
      const settled = handle.awaitInSync().then(() => true);
      const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs));
      await Promise.race([settled, timeout]);
      return statusRef.current.pending === 0;
    },
    stopSync: (message) => {
      if (!sync) return false;
      sync.householdLeft(message);
      return true;
    },
    closed,
    // The service worker's photo cache goes too: it may hold photos of the household left (the
    // current household's photos are fetched again as they are shown).
    remove: async (householdId) => {
      await removeDatabase(householdId);
      if ('caches' in window) await caches.delete(MEDIA_CACHE_NAME);
    },
  });
  const { onSyncLeft } = switcher;

  // Replication runs for the open database; it pauses itself on a 401 ("Sign in to sync").
  useEffect(() => {
    if (!db) return;
    let handle: SyncHandle | null = null;
    let unsubscribe = () => {};
    let stopped = false;
    void loadSyncModule().then(({ startSync }) => {
      if (stopped || db.closed) return;
      handle = startSync(db, {
        getToken,
        onHouseholdLeft: (info) => onSyncLeft(db.householdId, info),
        onRemoteChange: (collections) => remoteListeners.forEach((listener) => listener(collections)),
      });
      unsubscribe = handle.subscribe(setStatus);
      setSync(handle);
    });
    return () => {
      stopped = true;
      unsubscribe();
      setSync(null);
      void handle?.stop();
    };
  }, [db, getToken, onSyncLeft, remoteListeners]);

  // A new token (sign-in after expiry, or a renewal) lets a paused replication continue.
  useEffect(() => {
    if (token && sync) sync.resume();
  }, [token, sync]);

  useEffect(
    () =>
      onLogout(async (loggedOutHouseholdId) => {
        // Close it here too (closing twice is harmless): React may not have run the cleanup yet.
        await closed(loggedOutHouseholdId);
        await removeDatabase(loggedOutHouseholdId);
        if ('caches' in window) await caches.delete(MEDIA_CACHE_NAME);
      }),
    [onLogout, closed],
  );

  return (
    <DatabaseContext.Provider value={db}>
      <HouseholdSwitchContext.Provider value={switcher}>
        <RemoteChangesContext.Provider value={remoteListeners}>
          <SyncStatusContext.Provider value={status}>{children}</SyncStatusContext.Provider>
        </RemoteChangesContext.Provider>
      </HouseholdSwitchContext.Provider>
    </DatabaseContext.Provider>
  );
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
  if (!value) throw new Error('useHouseholdData must be used inside <DatabaseProvider>');
  return value;
}

/** Calls `listener` with the collections the live stream says changed on the server (this tab replicates). */
export function useRemoteChanges(listener: RemoteChangeListener): void {
  const listeners = useContext(RemoteChangesContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const call: RemoteChangeListener = (collections) => latest.current(collections);
    listeners.add(call);
    return () => {
      listeners.delete(call);
    };
  }, [listeners]);
}
