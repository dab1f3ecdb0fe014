import { describe, expect, it } from 'vitest';
import { syncStatus, type SyncFacts } from './sync-state.js';

const synced: SyncFacts = {
  pausedAuth: false, offline: false, browserOffline: false, leader: true, busy: false, pendingDocs: 0, pendingPhotos: 0, verified: true,
};

describe('syncStatus', () => {
  it('says online (Synced) only when verified, idle and with nothing waiting', () => {
    expect(syncStatus(synced, 5, null)).toEqual({ state: 'online', pending: 0, lastSyncedAt: 5 });
    expect(syncStatus({ ...synced, verified: false }, 5, null).state).toBe('syncing');
    expect(syncStatus({ ...synced, busy: true }, 5, null).state).toBe('syncing');
    expect(syncStatus({ ...synced, pendingDocs: 1 }, 5, null)).toEqual({ state: 'syncing', pending: 1, lastSyncedAt: null });
    expect(syncStatus({ ...synced, pendingPhotos: 2 }, 5, null).pending).toBe(2);
  });

  it('a non-leader tab is online once its own check passed, offline when the browser is', () => {
    expect(syncStatus({ ...synced, leader: false }, 5, null).state).toBe('online');
    expect(syncStatus({ ...synced, leader: false, browserOffline: true }, 5, null).state).toBe('offline');
    expect(syncStatus({ ...synced, leader: true, browserOffline: true }, 5, null).state).toBe('online');
  });

  it('puts a paused sign-in before being offline, and keeps the last synced time', () => {
    expect(syncStatus({ ...synced, pausedAuth: true, offline: true }, 9, null).state).toBe('paused-auth');
    const before = syncStatus(synced, 5, null);
    expect(syncStatus({ ...synced, offline: true, pendingDocs: 2 }, 9, before)).toEqual({ state: 'offline', pending: 2, lastSyncedAt: 5 });
  });

  it('carries the notice and the upload progress', () => {
    expect(syncStatus({ ...synced, notice: 'Toys amount reached the limit', upload: { total: 2, done: 1 } }, 5, null)).toMatchObject({
      error: 'Toys amount reached the limit',
      upload: { total: 2, done: 1 },
    });
  });
});
