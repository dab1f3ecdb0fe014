// The session as kept in local storage (spec sections 3, 4 and 9; design.md "Deliberate
// departures"). Pure functions over a Storage so they can be tested without a browser.

import type { AuthResponse } from '../../shared/schemas/auth.js';

export const AUTH_TOKEN_KEY = 'authToken';
export const SETUP_TIME_KEY = 'setupTime';
// Not in the spec: kept so the signed-in user's local database opens without the network.
export const USER_ID_KEY = 'userId';
export const USERNAME_KEY = 'username';
/**
 * Issue 13: whose data this device holds (the household's local database is named after it).
 * Missing on devices signed in before households: then it is the user id, which is the id of
 * every account's own household, so those devices keep their database (decision 017).
 */
export const HOUSEHOLD_ID_KEY = 'householdId';

/** Spec section 9: the session lasts 7,140,000 ms (1 h 59 min) after setupTime. */
export const SESSION_LIFETIME_MS = 7_140_000;
/** Spec section 9: the token is re-read (and the expiry checked) every 5 s. */
export const SESSION_CHECK_MS = 5_000;
/** Renew this long before expiry, so a short offline spell near the end does not end the session. */
export const RENEW_MARGIN_MS = 15 * 60_000;

export type StoredSession = {
  token: string | null;
  setupTime: number | null;
  userId: string | null;
  username: string | null;
  /** The stored household id, or the user id when none is stored (decision 017). */
  householdId: string | null;
};

export function readStoredSession(storage: Storage): StoredSession {
  const rawSetup = storage.getItem(SETUP_TIME_KEY);
  const setupTime = rawSetup === null ? null : Number(rawSetup);
  return {
    token: storage.getItem(AUTH_TOKEN_KEY) || null,
    setupTime: setupTime !== null && Number.isFinite(setupTime) ? setupTime : null,
    userId: storage.getItem(USER_ID_KEY) || null,
    username: storage.getItem(USERNAME_KEY) || null,
    householdId: storage.getItem(HOUSEHOLD_ID_KEY) || storage.getItem(USER_ID_KEY) || null,
  };
}

/** Register always sets setupTime; login only when none is stored (spec section 4). */
export function storeSignIn(storage: Storage, response: AuthResponse, kind: 'login' | 'register', now: number): void {
  storage.setItem(AUTH_TOKEN_KEY, response.token);
  if (kind === 'register' || storage.getItem(SETUP_TIME_KEY) === null) {
    storage.setItem(SETUP_TIME_KEY, String(now));
  }
  if (response.userId) storage.setItem(USER_ID_KEY, response.userId);
  if (response.username) storage.setItem(USERNAME_KEY, response.username);
  if (response.householdId) storage.setItem(HOUSEHOLD_ID_KEY, response.householdId);
  else storage.removeItem(HOUSEHOLD_ID_KEY); // an older server: the user id stands for it
}

/** After joining, leaving or removal: this device now holds (and syncs) another household's data. */
export function storeHousehold(storage: Storage, householdId: string): void {
  storage.setItem(HOUSEHOLD_ID_KEY, householdId);
}

/** A renewed token starts a fresh session window. */
export function storeRenewedToken(storage: Storage, token: string, now: number): void {
  storage.setItem(AUTH_TOKEN_KEY, token);
  storage.setItem(SETUP_TIME_KEY, String(now));
}

/** What the spec's expiry and Log Out remove. The user id stays so their local data survives expiry. */
export function clearAuth(storage: Storage): void {
  storage.removeItem(AUTH_TOKEN_KEY);
  storage.removeItem(SETUP_TIME_KEY);
}

/** Log Out (and account deletion) also forget who was signed in. */
export function clearUser(storage: Storage): void {
  clearAuth(storage);
  storage.removeItem(USER_ID_KEY);
  storage.removeItem(USERNAME_KEY);
  storage.removeItem(HOUSEHOLD_ID_KEY);
}

type SessionPhase = 'signed-out' | 'fresh' | 'renew-due' | 'expired';

/** Where a stored session stands at `now`. A token without a setupTime counts from now. */
export function sessionPhase(session: Pick<StoredSession, 'token' | 'setupTime'>, now: number): SessionPhase {
  if (!session.token) return 'signed-out';
  if (session.setupTime === null) return 'fresh';
  const age = now - session.setupTime;
  if (age > SESSION_LIFETIME_MS) return 'expired';
  if (age > SESSION_LIFETIME_MS - RENEW_MARGIN_MS) return 'renew-due';
  return 'fresh';
}
