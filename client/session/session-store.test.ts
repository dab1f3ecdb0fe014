import { describe, expect, test } from 'vitest';
import {
  clearAuth,
  clearUser,
  readStoredSession,
  RENEW_MARGIN_MS,
  SESSION_LIFETIME_MS,
  sessionPhase,
  storeHousehold,
  storeRenewedToken,
  storeSignIn,
} from './session-store.js';
import { MemoryStorage } from '../lib/memory-storage.js';


const response = { token: 'tok-1', userId: 'user-1', username: 'Sam' };

describe('storeSignIn (spec section 4)', () => {
  test('register always sets setupTime, even over an existing one', () => {
    const storage = new MemoryStorage();
    storage.setItem('setupTime', '100');
    storeSignIn(storage, response, 'register', 5000);
    expect(storage.getItem('authToken')).toBe('tok-1');
    expect(storage.getItem('setupTime')).toBe('5000');
  });

  test('login sets setupTime only when none is stored', () => {
    const fresh = new MemoryStorage();
    storeSignIn(fresh, response, 'login', 5000);
    expect(fresh.getItem('setupTime')).toBe('5000');

    const existing = new MemoryStorage();
    existing.setItem('setupTime', '100');
    storeSignIn(existing, response, 'login', 5000);
    expect(existing.getItem('setupTime')).toBe('100');
  });

  test('keeps the user id and name so the local database opens offline', () => {
    const storage = new MemoryStorage();
    storeSignIn(storage, response, 'login', 1);
    expect(readStoredSession(storage)).toEqual({ token: 'tok-1', setupTime: 1, userId: 'user-1', username: 'Sam', householdId: 'user-1' });
  });
});

describe('clearing', () => {
  test('expiry removes authToken and setupTime but keeps the user (their local data stays)', () => {
    const storage = new MemoryStorage();
    storeSignIn(storage, response, 'register', 1);
    clearAuth(storage);
    expect(readStoredSession(storage)).toEqual({ token: null, setupTime: null, userId: 'user-1', username: 'Sam', householdId: 'user-1' });
  });

  test('Log Out forgets everything', () => {
    const storage = new MemoryStorage();
    storeSignIn(storage, response, 'register', 1);
    clearUser(storage);
    expect(storage.length).toBe(0);
  });

  test('a renewed token starts a new window', () => {
    const storage = new MemoryStorage();
    storeSignIn(storage, response, 'register', 1);
    storeRenewedToken(storage, 'tok-2', 9000);
    expect(readStoredSession(storage)).toMatchObject({ token: 'tok-2', setupTime: 9000 });
  });

  test('a damaged setupTime reads as missing', () => {
    const storage = new MemoryStorage();
    storage.setItem('authToken', 't');
    storage.setItem('setupTime', 'yesterday');
    expect(readStoredSession(storage).setupTime).toBeNull();
  });
});

describe('the household whose data the device holds (issue 13, decision 017)', () => {
  test('a device signed in before households holds its own household: the user id', () => {
    const storage = new MemoryStorage();
    storage.setItem('authToken', 't');
    storage.setItem('userId', 'user-1');
    expect(readStoredSession(storage).householdId).toBe('user-1');
  });

  test('the sign-in answer names the household; a switch replaces it; Log Out forgets it', () => {
    const storage = new MemoryStorage();
    storeSignIn(storage, { ...response, householdId: 'family-9' }, 'login', 1);
    expect(readStoredSession(storage).householdId).toBe('family-9');
    storeHousehold(storage, 'own-1');
    expect(readStoredSession(storage).householdId).toBe('own-1');
    clearUser(storage);
    expect(storage.getItem('householdId')).toBeNull();
  });

  test("another account's sign-in on this device does not inherit the previous household", () => {
    const storage = new MemoryStorage();
    storeSignIn(storage, { ...response, householdId: 'family-9' }, 'login', 1);
    storeSignIn(storage, { token: 't2', userId: 'user-2', username: 'Kim' }, 'login', 2);
    expect(readStoredSession(storage).householdId).toBe('user-2');
  });
});

describe('sessionPhase: 7,140,000 ms after setupTime (spec section 9)', () => {
  const setupTime = 1_000_000;
  test('no token is signed out', () => {
    expect(sessionPhase({ token: null, setupTime }, setupTime)).toBe('signed-out');
  });

  test('fresh until the renewal margin, then renew-due, then expired strictly after the lifetime', () => {
    expect(sessionPhase({ token: 't', setupTime }, setupTime + SESSION_LIFETIME_MS - RENEW_MARGIN_MS)).toBe('fresh');
    expect(sessionPhase({ token: 't', setupTime }, setupTime + SESSION_LIFETIME_MS - RENEW_MARGIN_MS + 1)).toBe('renew-due');
    expect(sessionPhase({ token: 't', setupTime }, setupTime + 7_140_000)).toBe('renew-due');
    expect(sessionPhase({ token: 't', setupTime }, setupTime + 7_140_001)).toBe('expired');
  });

  test('a token without setupTime counts as fresh (the provider stamps it)', () => {
    expect(sessionPhase({ token: 't', setupTime: null }, 123)).toBe('fresh');
  });
});
