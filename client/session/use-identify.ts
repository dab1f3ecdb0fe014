import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiJsonParsedLater } from '../lib/http.js';
import { clearAuth, readStoredSession, storeHousehold, USER_ID_KEY, USERNAME_KEY, type StoredSession } from './session-store.js';

/**
 * Whose token this is, when local storage holds a token but no user id (after an app update, or
 * a token written by another client of the API). The spec decides "signed in" by the token
 * alone, so the app asks GET /api/auth/me and then opens that user's local database.
 * - 'known': the user id is stored (the normal case)
 * - 'checking': asking the server
 * - 'offline': no network, and this device does not know the user yet
 * - 'failed': the server answered with an error other than "session ended"
 */
export type Identity = 'known' | 'checking' | 'offline' | 'failed';

export function useIdentify(
  stored: StoredSession,
  storage: () => Storage,
  refresh: () => void,
): { identity: Identity; retryIdentify: () => void } {
  const [state, setState] = useState<Exclude<Identity, 'known'>>('checking');
  const [attempt, setAttempt] = useState(0);
  const unknown = Boolean(stored.token) && !stored.userId;

  useEffect(() => {
    if (!unknown || !stored.token) return;
    const token = stored.token;
    const controller = new AbortController();
    const ask = async () => {
      setState('checking');
      try {
        // The schema (and zod) load after the call, not with the first page (issue 16).
        const me = await apiJsonParsedLater('/api/auth/me', { token, signal: controller.signal }, async () => (await import('../../shared/schemas/auth.js')).meResponseSchema);
        // Another tab may have logged out or in meanwhile: store only for the token we asked about.
        if (readStoredSession(storage()).token !== token) return;
        storage().setItem(USER_ID_KEY, me.userId);
        storage().setItem(USERNAME_KEY, me.username);
        if (me.householdId) storeHousehold(storage(), me.householdId);
        refresh();
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.network) return setState('offline');
        if (error instanceof ApiError && error.status === 401) {
          // The server no longer knows this token and there is no local data to keep: sign out.
          clearAuth(storage());
          return refresh();
        }
        console.error('Could not learn whose session this is', error);
        setState('failed');
      }
    };
    void ask();
    // ask() handles its own failures (offline, 401, others), so nothing is left to catch.
    const askAgain = () => void ask();
    window.addEventListener('online', askAgain);
    return () => {
      controller.abort();
      window.removeEventListener('online', askAgain);
    };
  }, [unknown, stored.token, storage, refresh, attempt]);

  const retryIdentify = useCallback(() => setAttempt((n) => n + 1), []);
  return { identity: unknown ? state : 'known', retryIdentify };
}
