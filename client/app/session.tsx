import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiJson } from './api';
import {
  clearAuth,
  clearUser,
  readStoredSession,
  SESSION_CHECK_MS,
  sessionPhase,
  storeRenewedToken,
  storeSignIn,
  type AuthResponse,
  type StoredSession,
} from './session-store';

export type LogoutHandler = (userId: string) => Promise<void> | void;

export type Session = {
  token: string | null;
  userId: string | null;
  username: string | null;
  /** Auth is decided by a token being present locally (spec section 4). */
  signedIn: boolean;
  /** The session ran out while offline: local data stays usable, sync waits for a new sign-in. */
  needsSignIn: boolean;
  /** Stores a login or register response; the page then goes to /. */
  login: (response: AuthResponse, kind?: 'login' | 'register') => void;
  /** Log Out: revokes the session, forgets the user, wipes their local data, goes to /login. */
  logout: () => Promise<void>;
  /** "Sign in to sync": drop the dead token but keep the local data, then go to /login. */
  signInAgain: () => void;
  /** The current token, read fresh from storage (for the sync engine). */
  getToken: () => string | null;
  /** Runs on logout before the user id is forgotten (the database provider wipes local data). */
  onLogout: (handler: LogoutHandler) => () => void;
};

const SessionContext = createContext<Session | null>(null);

function storage(): Storage {
  return window.localStorage;
}

/** Keeps the React state in step with local storage (re-read every 5 s and on other tabs' changes). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [stored, setStored] = useState<StoredSession>(() => readStoredSession(storage()));
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const renewing = useRef(false);
  const logoutHandlers = useRef(new Set<LogoutHandler>());

  const refresh = useCallback(() => {
    const next = readStoredSession(storage());
    setStored((previous) =>
      previous.token === next.token &&
      previous.setupTime === next.setupTime &&
      previous.userId === next.userId &&
      previous.username === next.username
        ? previous
        : next,
    );
    return next;
  }, []);

  const renew = useCallback(
    async (current: StoredSession, expired: boolean) => {
      if (renewing.current || !current.token) return;
      renewing.current = true;
      try {
        const response = await apiJson<{ token: string }>('/api/auth/renew', { method: 'POST', token: current.token });
        // Another tab may have logged out meanwhile: only store if the token we renewed is still ours.
        if (readStoredSession(storage()).token === current.token) storeRenewedToken(storage(), response.token, Date.now());
        setNeedsSignIn(false);
      } catch (error) {
        if (error instanceof ApiError && !error.network && (error.status === 401 || error.status === 403)) {
          // The server no longer knows this session: the spec's expiry applies, local data stays.
          if (expired || error.status === 401) clearAuth(storage());
        } else if (expired) {
          setNeedsSignIn(true);
        }
      } finally {
        renewing.current = false;
        refresh();
      }
    },
    [refresh],
  );

  const check = useCallback(() => {
    const current = refresh();
    if (current.token && current.setupTime === null) {
      storage().setItem('setupTime', String(Date.now()));
      refresh();
      return;
    }
    const phase = sessionPhase(current, Date.now());
    if (phase === 'signed-out' || phase === 'fresh') {
      setNeedsSignIn(false);
      return;
    }
    if (navigator.onLine) void renew(current, phase === 'expired');
    else if (phase === 'expired') setNeedsSignIn(true);
  }, [refresh, renew]);

  useEffect(() => {
    check();
    const timer = setInterval(check, SESSION_CHECK_MS);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || ['authToken', 'setupTime', 'userId', 'username'].includes(event.key)) refresh();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', check);
    return () => {
      clearInterval(timer);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', check);
    };
  }, [check, refresh]);

  const login = useCallback(
    (response: AuthResponse, kind: 'login' | 'register' = 'login') => {
      storeSignIn(storage(), response, kind, Date.now());
      setNeedsSignIn(false);
      refresh();
    },
    [refresh],
  );

  const logout = useCallback(async () => {
    const current = readStoredSession(storage());
    clearUser(storage());
    // One transition for both: react-router renders navigations as transitions, and a signed-out
    // render at the old path would let its guard redirect elsewhere first.
    startTransition(() => {
      setNeedsSignIn(false);
      refresh();
      navigate('/login');
    });
    if (current.token && navigator.onLine) {
      apiJson('/api/auth/logout', { method: 'POST', token: current.token }).catch(() => undefined);
    }
    if (current.userId) {
      for (const handler of logoutHandlers.current) {
        try {
          await handler(current.userId);
        } catch (error) {
          console.error('Could not clear local data on logout', error);
        }
      }
    }
  }, [navigate, refresh]);

  const signInAgain = useCallback(() => {
    clearAuth(storage());
    startTransition(() => {
      refresh();
      navigate('/login');
    });
  }, [navigate, refresh]);

  const onLogout = useCallback((handler: LogoutHandler) => {
    logoutHandlers.current.add(handler);
    return () => void logoutHandlers.current.delete(handler);
  }, []);

  const getToken = useCallback(() => readStoredSession(storage()).token, []);

  const value = useMemo<Session>(
    () => ({
      token: stored.token,
      userId: stored.userId,
      username: stored.username,
      signedIn: Boolean(stored.token),
      needsSignIn,
      login,
      logout,
      signInAgain,
      getToken,
      onLogout,
    }),
    [stored, needsSignIn, login, logout, signInAgain, getToken, onLogout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
