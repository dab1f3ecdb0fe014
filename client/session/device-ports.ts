import type { ToyDatabase } from '../db/database.js';
import { askPersistentStorageOnce } from '../db/storage.js';
import { loadWhenOnline } from '../lib/load-when-online.js';
import { stopPushOnLogout, resumePush } from '../push/push-on-session.js';
import { MEDIA_CACHE_NAME } from '../pwa/media-cache.js';
import type { DevicePorts } from './device-session.js';
import { householdApi } from './household-api.js';
import { queueRevocation } from './pending-revocations.js';
import { sendRevocations } from './send-revocations.js';

// The browser side of the device session: RxDB, Dexie and the sync engine load only once
// someone is signed in, so visitors' pages stay light. Offline right after sign-in they may
// not load yet: loadWhenOnline tries again once the browser is back online (and after a
// jittered wait while it says online), so sync starts without a reload.

const loadDatabaseModule = () => import('../db/database.js');
const loadSyncModule = () => import('../sync/start-sync.js');
const loadRemoval = () => import('../sync/remove-household-data.js');

const storage = () => window.localStorage;

export function browserPorts(): DevicePorts<ToyDatabase> {
  return {
    storage,
    now: () => Date.now(),
    online: () => navigator.onLine,
    events: window,
    async openDatabase(householdId, signal) {
      return (await loadWhenOnline(loadDatabaseModule, signal)).openUserDatabase(householdId);
    },
    async closeDatabase(db) {
      await (await loadDatabaseModule()).closeUserDatabase(db);
    },
    // The service worker's photo cache goes too: it may hold photos of the household left (the
    // current household's photos are fetched again as they are shown).
    async removeDatabase(householdId) {
      await (await loadWhenOnline(loadRemoval, new AbortController().signal)).removeHouseholdData(householdId);
      if ('caches' in window) await caches.delete(MEDIA_CACHE_NAME);
    },
    async startSync(db, hooks, signal) {
      const { startSync } = await loadWhenOnline(loadSyncModule, signal);
      signal.throwIfAborted();
      if (db.closed) throw new Error('the database closed before sync started');
      return startSync(db, hooks);
    },
    renewToken: async (token) => (await householdApi.renew(token)).token,
    currentHousehold: async (token) => (await householdApi.me(token)).householdId ?? null,
    revoke(token) {
      // The token must end on the server even when the network is off now: it waits in local
      // storage and is sent when the network is back (issue 9, fault 5).
      if (token) queueRevocation(storage(), token);
      void sendRevocations();
    },
    resend(token) {
      // Revocations of tokens logged out while offline, and push reminders turned on or off
      // while offline (issue 24): what fails stays queued in local storage for the next try.
      void sendRevocations();
      resumePush(storage(), token);
    },
    stopPush: () => stopPushOnLogout(storage()),
    keepOffline: (householdId) => void askPersistentStorageOnce(householdId, storage()),
  };
}
