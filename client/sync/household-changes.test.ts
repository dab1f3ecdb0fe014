import { describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { enableDevMode, eventually, openDevice, syncTestBed } from '../test-support/sync-harness.js';
import type { SyncTable } from '../../shared/schemas/docs.js';
import { family } from '../../sync-server/test-support/households.js';
import { jsonRequest } from '../../sync-server/test-support/test-app.js';

// Issue 13: a member's Family screen follows the household live. The sync engine passes the
// live stream's changes on (onRemoteChange); a rename or a handover elsewhere arrives as a
// settings change, which use-household.ts answers by asking GET /api/household again.

enableDevMode();
const bed = syncTestBed();

describe("a change to the household made by another member reaches this device's app", () => {
  it('a rename and a handover are heard as settings changes', async () => {
    const { owner, member, householdId } = await family(bed.server.t);
    const device = await openDevice(bed.server, { userId: householdId, token: member.token }, { label: 'member' });
    bed.devices.push(device);
    const heard: SyncTable[][] = [];
    device.online({ onRemoteChange: (collections) => heard.push(collections) });
    await device.sync!.awaitInSync();
    const settingsChanges = () => heard.filter((collections) => collections.includes('settings')).length;

    expect(settingsChanges()).toBe(0);
    // The stream may open a moment after the first sync: rename until a change is heard.
    await eventually(async () => {
      expect((await bed.server.t.app.request('/api/household', jsonRequest('PATCH', { name: 'The Lovelaces' }, owner.token))).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settingsChanges()).toBeGreaterThan(0);
    }, 10_000);
    const before = settingsChanges();
    expect((await owner.api.post('/api/household/owner', { userId: member.userId })).status).toBe(200);
    await eventually(() => expect(settingsChanges()).toBeGreaterThan(before), 5000);
  });
});
