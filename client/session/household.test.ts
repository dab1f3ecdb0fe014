import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Household } from '../../shared/schemas/household.js';
import { HOUSEHOLD_LEFT } from '../../shared/schemas/household.js';
import { keptData, forgetKept, noticeText, rememberKept, storedNotice, storeNotice } from '../db/kept-data.js';
import { apiJson, createHttpClient, HouseholdLeftError, ServerError } from '../lib/http.js';
import { openEventStream } from '../sync/event-stream.js';
import { refusedIn } from '../sync/hand-in.js';
import { cachedHousehold, cacheHousehold, memberName } from './household-cache.js';
import { cachedHouseholdName, forgetHousehold } from './household-storage.js';
import { afterSignInPath, forgetInvite, pendingInvite, rememberInvite } from './pending-invite.js';
import { MemoryStorage } from '../test-support/memory-storage.js';


const family: Household = {
  id: 'fam-1',
  name: 'The Parks',
  role: 'member',
  members: [
    { userId: 'u-a', username: 'Ana', role: 'owner', joinedAt: 1 },
    { userId: 'u-b', username: 'Ben', role: 'member', joinedAt: 2 },
  ],
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('who did what: names from the cached members list (issue 13)', () => {
  test('a member by username, the viewer as "you", someone gone as a former member, no id as nothing', () => {
    expect(memberName(family, 'u-a', 'u-b')).toBe('Ana');
    expect(memberName(family, 'u-b', 'u-b')).toBe('you');
    expect(memberName(family, 'u-gone', 'u-b')).toBe('a former member');
    expect(memberName(family, null, 'u-b')).toBeNull();
    expect(memberName(null, 'u-a', 'u-b')).toBe('another member');
  });

  test('the members list survives offline in local storage, per household, and goes with it', () => {
    const storage = new MemoryStorage();
    cacheHousehold(storage, family);
    expect(cachedHousehold(storage, 'fam-1')).toEqual(family);
    expect(cachedHousehold(storage, 'other')).toBeNull();
    storage.setItem('household:broken', '{"id":1}');
    expect(cachedHousehold(storage, 'broken')).toBeNull();
    expect(cachedHouseholdName(storage, 'fam-1')).toBe(family.name);
    expect(cachedHouseholdName(storage, 'broken')).toBeNull();
    forgetHousehold(storage, 'fam-1');
    expect(cachedHousehold(storage, 'fam-1')).toBeNull();
    expect(cachedHouseholdName(storage, 'fam-1')).toBeNull();
  });
});

describe('an invite opened signed out waits through register or log in', () => {
  test('the code is kept, leads back to /join/{code}, and expires with the invite (7 days)', () => {
    const storage = new MemoryStorage();
    expect(afterSignInPath(storage, 0)).toBe('/');
    rememberInvite(storage, 'abc_DEF-123', 1000);
    expect(pendingInvite(storage, 1000 + 60_000)).toBe('abc_DEF-123');
    expect(afterSignInPath(storage, 2000)).toBe('/join/abc_DEF-123');
    expect(pendingInvite(storage, 1000 + 8 * 24 * 3600_000)).toBeNull();
    forgetInvite(storage);
    expect(afterSignInPath(storage, 2000)).toBe('/');
  });
});

describe('data kept after leaving, and the notice (decision 017)', () => {
  test('kept households are listed until discarded', () => {
    const storage = new MemoryStorage();
    rememberKept(storage, { householdId: 'fam-1', name: 'The Parks', pending: 2, keptAt: 5 });
    rememberKept(storage, { householdId: 'fam-1', name: 'The Parks', pending: 3, keptAt: 6 });
    expect(keptData(storage)).toEqual([{ householdId: 'fam-1', name: 'The Parks', pending: 3, keptAt: 6 }]);
    forgetKept(storage, 'fam-1');
    expect(keptData(storage)).toEqual([]);
    expect(storage.getItem('keptHouseholdData')).toBeNull();
  });

  test('the notice says where the data went, in plain words, and survives a reload', () => {
    expect(noticeText({ change: 'joined', name: 'The Parks', pending: 0 })).toBe("You joined The Parks. This device now shows the family's toys.");
    expect(noticeText({ change: 'removed', name: 'The Parks', pending: 0 })).toBe(
      'You are no longer a member of The Parks. Its toys were removed from this device.',
    );
    const kept = noticeText({ change: 'removed', name: 'The Parks', pending: 2, detail: `${HOUSEHOLD_LEFT.error} 3 of your changes were handed in to it; 2 could not be (deletions, or things changed since you left).` });
    expect(kept).toContain('3 of your changes were handed in');
    expect(kept).toContain('2 changes you made there could not be sent: this device keeps them (Settings, Family).');
    expect(kept).not.toContain('removed from this device');
    expect(noticeText({ change: 'left', name: 'The Parks', pending: 1 })).toContain('1 change you made there could not be sent');
    expect(noticeText({ change: 'deleted', name: 'The Parks', pending: 0 })).toBe(
      'You deleted The Parks. Its toys were removed from this device. This device now shows your own household.',
    );

    const storage = new MemoryStorage();
    storeNotice(storage, { change: 'left', name: 'The Parks', pending: 0 });
    expect(storedNotice(storage)).toEqual({ change: 'left', name: 'The Parks', pending: 0 });
    storeNotice(storage, null);
    expect(storedNotice(storage)).toBeNull();
  });

  test("the server's hand-in notice says how many changes it could not take", () => {
    expect(refusedIn('You are no longer a member of this household. Your changes made before were handed in to it.')).toBe(0);
    expect(refusedIn('You are no longer a member of this household. 1 of your changes were handed in to it; 4 could not be (deletions).')).toBe(4);
  });
});

describe('403 household "left" at any contact', () => {
  test('a screen call and a sync call both raise HouseholdLeftError; another 403 does not', async () => {
    vi.stubGlobal('fetch', async () => json(403, HOUSEHOLD_LEFT));
    const rest = await apiJson('/api/household').catch((e: unknown) => e);
    expect(rest).toBeInstanceOf(HouseholdLeftError);
    expect(rest).toMatchObject({ status: 403, message: HOUSEHOLD_LEFT.error });

    const sync = createHttpClient({ baseUrl: '', getToken: () => 't', fetch: async () => json(403, HOUSEHOLD_LEFT) });
    await expect(sync.request('/api/sync/toys/pull')).rejects.toBeInstanceOf(HouseholdLeftError);

    vi.stubGlobal('fetch', async () => json(403, { error: 'Only the owner of the household can do this.' }));
    const other = await apiJson('/api/household/owner', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ServerError);
    expect(other).not.toBeInstanceOf(HouseholdLeftError);
  });

  test('the live stream stops with "left" instead of retrying forever', async () => {
    const kinds: string[] = [];
    let calls = 0;
    const handle = openEventStream({
      url: 'x',
      fetch: async () => (calls++, json(403, HOUSEHOLD_LEFT)),
      headers: () => ({ authorization: 'Bearer t' }),
      onOpen: () => {},
      onEvent: () => {},
      onError: (kind) => kinds.push(kind),
      retryMs: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    handle.close();
    expect(kinds).toEqual(['left']);
    expect(calls).toBe(1);
  });
});
