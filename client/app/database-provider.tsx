import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ToyDatabase } from '../db/database';
import { useSession } from './session';

// RxDB and Dexie are loaded only once someone is signed in, so visitors' pages stay light.
const loadDatabaseModule = () => import('../db/database');

async function closeDatabase(db: ToyDatabase): Promise<void> {
  const { closeUserDatabase } = await loadDatabaseModule();
  await closeUserDatabase(db);
}

export type SyncState = 'offline' | 'syncing' | 'online' | 'paused-auth' | 'error';

export type SyncStatus = {
  state: SyncState;
  /** Local changes not yet accepted by the server. */
  pending: number;
  /** When the last pull or push finished, or null before the first. */
  lastSyncedAt: number | null;
  error?: string;
};

const INITIAL_STATUS: SyncStatus = { state: 'offline', pending: 0, lastSyncedAt: null };

const DatabaseContext = createContext<ToyDatabase | null>(null);
const SyncStatusContext = createContext<SyncStatus>(INITIAL_STATUS);

/**
 * Opens the signed-in user's local database (even offline: only the stored user id is needed)
 * and keeps it open while they are signed in. On Log Out the database is closed and removed.
 */
export function DatabaseProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const { userId, onLogout } = session;
  const [db, setDb] = useState<ToyDatabase | null>(null);
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
        if (cancelled) return;
        setDb(database);
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

  useEffect(
    () =>
      onLogout(async (loggedOutUserId) => {
        // Close it here too (closing twice is harmless): React may not have run the cleanup yet.
        const open = current.current;
        if (open?.userId === loggedOutUserId) await open.opening.then(closeDatabase).catch(() => undefined);
        await closing.current;
        const { removeUserDatabase } = await loadDatabaseModule();
        await removeUserDatabase(loggedOutUserId);
      }),
    [onLogout],
  );

  useEffect(() => {
    const update = () => setStatus((previous) => ({ ...previous, state: navigator.onLine ? 'online' : 'offline' }));
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  return (
    <DatabaseContext.Provider value={db}>
      <SyncStatusContext.Provider value={status}>{children}</SyncStatusContext.Provider>
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
