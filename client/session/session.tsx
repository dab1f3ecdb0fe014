import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../shared/schemas/auth.js';
import { ApiError, apiJsonParsedLater } from '../lib/http.js';
import {
  AUTH_TOKEN_KEY,
  clearAuth,
  clearUser,
  readStoredSession,
  SESSION_CHECK_MS,
  SETUP_TIME_KEY,
  HOUSEHOLD_ID_KEY,
  sessionPhase,
  storeHousehold,
  storeRenewedToken,
  storeSignIn,
  type StoredSession,
  USER_ID_KEY,
  USERNAME_KEY,
} from './session-store.js';
import { useIdentify, type Identity } from './use-identify.js';
import { queueRevocation } from './pending-revocations.js';
import { sendRevocations } from './send-revocations.js';

/** Gets the household id of the local data to wipe (decision 017: the database is the household's). */
export type LogoutHandler = (householdId: string) => Promise<void> | void;

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
  /** After joining, leaving or removal: the device opens (and syncs) this household's data instead. */
  setHousehold: (householdId: string) => void;
  /** A token the server handed out for the household the account is in now (leave, or renewal after removal). */
  replaceToken: (token: string) => void;
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

  const refresh = useCallback((): StoredSession => {
    const next = readStoredSession(storage());
    setStored((previous) =>
      previous.token === next.token &&
      previous.setupTime === next.setupTime &&
      previous.userId === next.userId &&
      previous.username === next.username &&
      previous.householdId === next.householdId
        ? previous
        : next,
    );
    return next;
  }, []);
  const { identity, retryIdentify } = useIdentify(stored, storage, refresh);

  const renew = useCallback(
    async (current: StoredSession, expired: boolean) => {
      if (renewing.current || !current.token) return;
      renewing.current = true;
      try {
        // The schema (and zod) load after the call, not with the first page (issue 16).
        const response = await apiJsonParsedLater('/api/auth/renew', { method: 'POST', token: current.token }, async () => (await import('../../shared/schemas/auth.js')).renewResponseSchema);
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
      storage().setItem(SETUP_TIME_KEY, String(Date.now()));
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
    // The session lives in local storage, outside React: the first check on mount brings React
    // in line with it, as the timer and the storage and online events do afterwards.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from an external store on mount
    check();
    const timer = setInterval(check, SESSION_CHECK_MS);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || [AUTH_TOKEN_KEY, SETUP_TIME_KEY, USER_ID_KEY, USERNAME_KEY, HOUSEHOLD_ID_KEY].includes(event.key)) refresh();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', check);
    // Revocations of tokens logged out while offline (this tab or an earlier visit).
    void sendRevocations();
    // What fails stays queued in local storage and is sent on the next try.
    const resend = () => void sendRevocations();
    window.addEventListener('online', resend);
    return () => {
      window.removeEventListener('online', resend);
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
      // The router handles its own navigation errors; nothing to await inside a transition.
      void navigate('/login');
    });
    // The token must end on the server even when the network is off now: it waits in local
    // storage and is sent when the network is back (issue 9, fault 5).
    if (current.token) queueRevocation(storage(), current.token);
    void sendRevocations();
    if (current.householdId) {
      for (const handler of logoutHandlers.current) {
        try {
          await handler(current.householdId);
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
      // The router handles its own navigation errors; nothing to await inside a transition.
      void navigate('/login');
    });
  }, [navigate, refresh]);

  const onLogout = useCallback((handler: LogoutHandler) => {
    logoutHandlers.current.add(handler);
    return () => void logoutHandlers.current.delete(handler);
  }, []);

  const getToken = useCallback(() => readStoredSession(storage()).token, []);

  const replaceToken = useCallback(
    (token: string) => {
      storeRenewedToken(storage(), token, Date.now());
      setNeedsSignIn(false);
      refresh();
    },
    [refresh],
  );

  const setHousehold = useCallback(
    (householdId: string) => {
      storeHousehold(storage(), householdId);
      refresh();
    },
    [refresh],
  );

  const value = useMemo<Session>(
    () => ({
      token: stored.token,
      userId: stored.userId,
      username: stored.username,
      householdId: stored.householdId,
      signedIn: Boolean(stored.token),
      identity,
      retryIdentify,
      needsSignIn,
      login,
      logout,
      signInAgain,
      getToken,
      setHousehold,
      replaceToken,
      onLogout,
    }),
    [stored, identity, retryIdentify, needsSignIn, login, logout, signInAgain, getToken, setHousehold, replaceToken, onLogout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
