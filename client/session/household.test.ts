import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Household } from '../../shared/schemas/household.js';
import { HOUSEHOLD_LEFT } from '../../shared/schemas/household.js';
import { keptData, forgetKept, rememberKept, storedNotice, storeNotice } from './kept-data.js';
import { apiJson, createHttpClient, HouseholdLeftError, ServerError } from '../lib/http.js';
import { openEventStream } from '../sync/event-stream.js';
import { cachedHousehold, cacheHousehold, memberName } from './household-cache.js';
import { cachedHouseholdName, forgetHousehold } from './household-storage.js';
import { afterSignInPath, forgetInvite, pendingInvite, rememberInvite } from './pending-invite.js';
import { MemoryStorage } from '../lib/memory-storage.js';


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

  test('the notice survives a reload (its words: client/app/household-notice-text.test.ts)', () => {
    const storage = new MemoryStorage();
    storeNotice(storage, { change: 'left', name: 'The Parks', pending: 0 });
    expect(storedNotice(storage)).toEqual({ change: 'left', name: 'The Parks', pending: 0 });
    storeNotice(storage, null);
    expect(storedNotice(storage)).toBeNull();
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
