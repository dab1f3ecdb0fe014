import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Household } from '../../shared/schemas/household.js';
import { useHouseholdData, useRemoteChanges } from '../session/session.js';
import { HouseholdLeftError } from '../lib/http.js';
import { cachedHousehold, cacheHousehold, memberName } from '../session/household-cache.js';
import { householdCacheKey } from '../session/household-storage.js';
import { householdApi } from '../session/household-api.js';
import { useSession } from '../session/session.js';
import { useOnline } from './use-online.js';

export type HouseholdView = {
  /** The household as last seen (from local storage while offline or loading). */
  household: Household | null;
  /** Asks the server again (after a change made here). */
  refresh(): Promise<void>;
  /**
   * Runs a household call; a 403 `household: "left"` leaves the data (decision 017) and is
   * rethrown so the screen can stop. The household is fetched again after a success.
   */
  run<T>(call: (token: string | null) => Promise<T>): Promise<T>;
};

/**
 * The session's household with its members, cached for offline, and kept fresh while online:
 * asked on mount, when the network is back, after a change made here, and when the live stream
 * says the settings changed (how the server announces a rename, a handover, a join or a
 * departure). Other tabs take the answer from the cache (the storage event).
 */
export function useHousehold(): HouseholdView {
  const { householdId, getToken, signedIn } = useSession();
  const { householdLeft, switchTo } = useHouseholdData();
  const online = useOnline();
  const [fetched, setFetched] = useState<Household | null>(null);

  // Only when the token that was refused is still this session's: a request still on its way
  // with the token of a household just left or deleted here is answered 403 too, after the
  // device has moved on; taken for the current household, it signed the person out.
  const handle = useCallback(
    (error: unknown, token: string | null) => {
      if (error instanceof HouseholdLeftError && token === getToken()) householdLeft(error.message);
    },
    [householdLeft, getToken],
  );

  const refresh = useCallback(async () => {
    if (!signedIn || !householdId) return;
    const token = getToken();
    try {
      const household = await householdApi.get(token);
      cacheHousehold(window.localStorage, household);
      setFetched(household);
      // The account works on another household than this device holds (it joined elsewhere).
      if (household.id !== householdId) await switchTo(household.id, 'joined', household.name);
    } catch (error) {
      handle(error, token);
      if (!(error instanceof HouseholdLeftError)) console.warn('Could not load the household', error);
    }
  }, [signedIn, householdId, getToken, handle, switchTo]);

  useEffect(() => {
    // The server is the external store here; its answer arrives asynchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- fetched on mount and when the network is back
    if (online) void refresh();
  }, [online, refresh]);

  useRemoteChanges((collections) => {
    if (collections.includes('settings')) void refresh();
  });

  // Only the tab that replicates hears the stream; the others follow its answer in the cache.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (!householdId || event.key !== householdCacheKey(householdId)) return;
      setFetched(cachedHousehold(window.localStorage, householdId));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [householdId]);

  const run = useCallback(
    async <T,>(call: (token: string | null) => Promise<T>): Promise<T> => {
      const token = getToken();
      try {
        const answer = await call(token);
        void refresh();
        return answer;
      } catch (error) {
        handle(error, token);
        throw error;
      }
    },
    [getToken, handle, refresh],
  );

  const household = fetched && fetched.id === householdId ? fetched : cachedHousehold(window.localStorage, householdId);
  return { household, refresh, run };
}

/** Names for "Added by …" and "Rotated by …": usernames from the (cached) members list, never emails. */
export function useMemberName(): (userId: string | null | undefined) => string | null {
  const { household } = useHousehold();
  const { userId } = useSession();
  const { t } = useTranslation('app');
  return useCallback(
    (id: string | null | undefined) => {
      const name = memberName(household, id, userId);
      // memberName's own words (session/ holds no messages), in the language shown.
      if (name === null || !id) return name;
      if (id === userId) return t('member.you');
      if (!household?.members.some((m) => m.userId === id)) return household ? t('member.former') : t('member.other');
      return name;
    },
    [household, userId, t],
  );
}

/**
 * "Rotated by …": the server stamps who rotated when it stores a rotation; one made on this
 * device and not stored yet (offline) was made by the person signed in here.
 */
export function useRotatedBy(): (rotation: { createdBy?: string | null; serverOrder: number | null }) => string | null {
  const nameOf = useMemberName();
  const { userId } = useSession();
  return useCallback(
    (rotation) => nameOf(rotation.createdBy ?? (rotation.serverOrder === null ? userId : null)),
    [nameOf, userId],
  );
}
