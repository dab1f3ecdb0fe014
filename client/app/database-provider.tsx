import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ToyDatabase } from '../db/database';
import type { SyncHandle, SyncStatus } from '../sync/start-sync';
import { useSession } from './session';

export type { SyncState, SyncStatus } from '../sync/start-sync';

// RxDB, Dexie and the sync engine load only once someone is signed in, so visitors' pages stay light.
const loadDatabaseModule = () => import('../db/database');
const loadSyncModule = () => import('../sync/start-sync');

/** The service worker's cache of served photos (see client/pwa/pwa-options.ts). */
export const MEDIA_CACHE_NAME = 'toy-media';

async function closeDatabase(db: ToyDatabase): Promise<void> {
  const { closeUserDatabase } = await loadDatabaseModule();
  await closeUserDatabase(db);
}

const INITIAL_STATUS: SyncStatus = { state: 'syncing', pending: 0, lastSyncedAt: null };

const DatabaseContext = createContext<ToyDatabase | null>(null);
const SyncStatusContext = createContext<SyncStatus>(INITIAL_STATUS);
const SyncHandleContext = createContext<SyncHandle | null>(null);

/**
 * Opens the signed-in user's local database (even offline: only the stored user id is needed),
 * replicates it while a token exists, and on Log Out closes and removes it.
 */
export function DatabaseProvider({ children }: { children: ReactNode }) {
  const { userId, token, getToken, onLogout } = useSession();
  const [db, setDb] = useState<ToyDatabase | null>(null);
  const [sync, setSync] = useState<SyncHandle | null>(null);
  const [status, setStatus] = useState<SyncStatus>(INITIAL_STATUS);
  // The close of the last database, so the next open (or a removal) waits until it is really closed.
  const closing = useRef<Promise<void>>(Promise.resolve());
  const current = useRef<{ userId: string; opening: Promise<ToyDatabase> } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let opened: ToyDatabase | null = null;
    const opening = closing.current.then(async () => (await loadDatabaseModule()).openUserDatabase(userId));
    current.current = { userId, opening };
    opening
      .then((database) => {
        opened = database;
        if (!cancelled) setDb(database);
      })
      .catch((error: unknown) => console.error('Could not open the local database', error));
    return () => {
      cancelled = true;
      setDb(null);
      closing.current = opening
        .then(async () => {
          if (opened) await closeDatabase(opened);
        })
        .catch(() => undefined);
    };
  }, [userId]);

  // Replication runs for the open database; it pauses itself on a 401 ("Sign in to sync").
  useEffect(() => {
    if (!db) return;
    let handle: SyncHandle | null = null;
    let unsubscribe = () => {};
    let stopped = false;
    void loadSyncModule().then(({ startSync }) => {
      if (stopped || db.closed) return;
      handle = startSync(db, { getToken });
      unsubscribe = handle.subscribe(setStatus);
      setSync(handle);
    });
    return () => {
      stopped = true;
      unsubscribe();
      setSync(null);
      void handle?.stop();
    };
  }, [db, getToken]);

  // A new token (sign-in after expiry, or a renewal) lets a paused replication continue.
  useEffect(() => {
    if (token && sync) sync.resume();
  }, [token, sync]);

  useEffect(
    () =>
      onLogout(async (loggedOutUserId) => {
        // Close it here too (closing twice is harmless): React may not have run the cleanup yet.
        const open = current.current;
        if (open?.userId === loggedOutUserId) await open.opening.then(closeDatabase).catch(() => undefined);
        await closing.current;
        const { removeUserDatabase } = await loadDatabaseModule();
        await removeUserDatabase(loggedOutUserId);
        if ('caches' in window) await caches.delete(MEDIA_CACHE_NAME);
      }),
    [onLogout],
  );

  return (
    <DatabaseContext.Provider value={db}>
      <SyncHandleContext.Provider value={sync}>
        <SyncStatusContext.Provider value={status}>{children}</SyncStatusContext.Provider>
      </SyncHandleContext.Provider>
    </DatabaseContext.Provider>
  );
}

/** The signed-in user's local database, or null while it opens (or when signed out). */
export function useDb(): ToyDatabase | null {
  return useContext(DatabaseContext);
}

export function useSyncStatus(): SyncStatus {
  return useContext(SyncStatusContext);
}

/** The running replication (e.g. to start a photo upload pass), or null. */
export function useSyncHandle(): SyncHandle | null {
  return useContext(SyncHandleContext);
}
