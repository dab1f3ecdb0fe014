import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { HouseholdLeftInfo } from '../sync/sync-types.js';
import { cachedHouseholdName, forgetHousehold } from '../session/household-storage.js';
import { householdApi } from '../session/household-api.js';
import { useSession } from '../session/session.js';
import {
  forgetKept,
  keptData,
  rememberKept,
  storedNotice,
  storeNotice,
  type HouseholdChange,
  type HouseholdNotice,
  type KeptData,
} from '../db/kept-data.js';

// How a device moves from one household's local data to another's (issue 13, decision 017).
// Joining and leaving first push what waits (settle); a switch then closes the old database and
// removes it when nothing in it waits, or keeps it (and says so) when changes could not be sent.

/** How long a join or leave waits for waiting changes to reach the server. */
const SETTLE_MS = 15_000;

export type HouseholdSwitch = {
  /** The last switch's notice, until the person dismisses it. */
  notice: HouseholdNotice | null;
  dismissNotice(): void;
  /** Before joining or leaving: sends what waits. `pending` is what still waits (0: go ahead). */
  settle(): Promise<{ pending: number }>;
  /**
   * Right before asking the server to leave or delete the household: the sync then hears
   * "no longer a member" with the old token, which is this move, not a removal (switchTo
   * follows). Returns the undo, for a request that failed.
   */
  expectMove(): () => void;
  /** After a join or leave the server accepted: the device now holds `nextId`'s data. */
  switchTo(nextId: string, change: HouseholdChange, name: string): Promise<void>;
  /** A REST call answered 403 `household: "left"`: the same as when sync hears it. */
  householdLeft(message: string): void;
  /** Data of former households kept because it held unsent changes. */
  kept: KeptData[];
  discardKept(householdId: string): Promise<void>;
};

type Options = {
  /** Changes (and photos) the server has not acknowledged, in the open database. */
  pending: () => number;
  /** Waits up to `timeoutMs` for sync to settle; true when nothing waits. */
  awaitSynced: (timeoutMs: number) => Promise<boolean>;
  /** Asks the running sync to stop and hand in (it then calls `onSyncLeft`); false when none runs. */
  stopSync: (message: string) => boolean;
  /** Resolves once that household's database is closed. */
  closed: (householdId: string) => Promise<void>;
  remove: (householdId: string) => Promise<void>;
};

const storage = () => window.localStorage;

export function useHouseholdSwitch(options: Options): HouseholdSwitch & { onSyncLeft(leftId: string, info: HouseholdLeftInfo): void } {
  const { householdId, userId, getToken, setHousehold, replaceToken, signInAgain } = useSession();
  const [notice, setNotice] = useState<HouseholdNotice | null>(() => storedNotice(storage()));
  const [kept, setKept] = useState<KeptData[]>(() => keptData(storage()));
  const latest = useRef({ options, householdId });
  useLayoutEffect(() => {
    latest.current = { options, householdId };
  });
  const handlingLeft = useRef<string | null>(null);
  /** The household a switch of ours is moving away from (a change made elsewhere is handled below). */
  const moving = useRef<string | null>(null);
  const previous = useRef({ householdId, userId });

  const show = useCallback((next: HouseholdNotice | null) => {
    storeNotice(storage(), next);
    setNotice(next);
  }, []);

  const settle = useCallback(async () => {
    const { options: o } = latest.current;
    if (o.pending() === 0) return { pending: 0 };
    if (navigator.onLine) await o.awaitSynced(SETTLE_MS);
    return { pending: o.pending() };
  }, []);

  /** Moves the session to `nextId` (when given), then drops the old data, or keeps it when `unsent` says so. */
  const leaveData = useCallback(
    async (oldId: string, nextId: string | null, keep: { unsent: number; name: string } | null) => {
      const { options: o } = latest.current;
      moving.current = oldId;
      if (nextId) setHousehold(nextId);
      await o.closed(oldId);
      if (keep) {
        rememberKept(storage(), { householdId: oldId, name: keep.name, pending: keep.unsent, keptAt: Date.now() });
        setKept(keptData(storage()));
        return;
      }
      await o.remove(oldId).catch((error: unknown) => console.error('Could not remove the former household data', error));
      forgetHousehold(storage(), oldId);
    },
    [setHousehold],
  );

  const switchTo = useCallback(
    async (nextId: string, change: HouseholdChange, name: string) => {
      const oldId = latest.current.householdId;
      if (!oldId || oldId === nextId) return;
      const unsent = latest.current.options.pending();
      const oldName = change === 'joined' ? (cachedHouseholdName(storage(), oldId) ?? 'your household') : name;
      await leaveData(oldId, nextId, unsent > 0 ? { unsent, name: oldName } : null);
      show({ change, name, pending: change === 'joined' ? 0 : unsent });
    },
    [leaveData, show],
  );

  const onSyncLeft = useCallback(
    (leftId: string, info: HouseholdLeftInfo) => {
      if (handlingLeft.current === leftId || latest.current.householdId !== leftId || moving.current === leftId) return;
      handlingLeft.current = leftId;
      const name = cachedHouseholdName(storage(), leftId) ?? 'the family';
      const unsent = info.unsent + info.refused;
      const keep = unsent > 0 ? { unsent, name } : null;
      const detail = info.notices.join(' ');
      void (async () => {
        try {
          // Where the account works now, and a token bound to it (decision 016).
          const me = await householdApi.me(getToken());
          const nextId = me.householdId && me.householdId !== leftId ? me.householdId : null;
          if (!nextId) throw new Error('the server named no other household');
          replaceToken((await householdApi.renew(getToken())).token);
          await leaveData(leftId, nextId, keep);
        } catch (error) {
          // Offline or refused: the person signs in again, and the login answer names the household.
          console.warn('[household] could not move to the current household; signing in again', error);
          await leaveData(leftId, null, keep);
          signInAgain();
        } finally {
          show({ change: 'removed', name, pending: unsent, ...(detail ? { detail } : {}) });
          handlingLeft.current = null;
        }
      })();
    },
    [getToken, leaveData, replaceToken, show, signInAgain],
  );

  const householdLeft = useCallback(
    (message: string) => {
      const { options: o, householdId: leftId } = latest.current;
      if (!leftId || o.stopSync(message)) return;
      onSyncLeft(leftId, { message, sent: 0, unsent: o.pending(), notices: [], refused: 0 });
    },
    [onSyncLeft],
  );

  const discardKept = useCallback(async (keptId: string) => {
    if (keptId === latest.current.householdId) return; // open again: it is the current data
    await latest.current.options.remove(keptId);
    forgetKept(storage(), keptId);
    forgetHousehold(storage(), keptId);
    setKept(keptData(storage()));
  }, []);

  const dismissNotice = useCallback(() => show(null), [show]);

  const expectMove = useCallback(() => {
    const from = latest.current.householdId;
    moving.current = from;
    return () => {
      if (moving.current === from) moving.current = null;
    };
  }, []);

  // The same person's household changed without a switch of ours: a sign-in after their session
  // ran out answered another household (removed, or joined elsewhere meanwhile). That is a
  // contact too: the old household's data leaves this device, unless changes wait in it.
  useEffect(() => {
    const before = previous.current;
    previous.current = { householdId, userId };
    if (!before.householdId || before.householdId === householdId || before.userId !== userId || !userId) return;
    if (moving.current === before.householdId) {
      moving.current = null;
      return;
    }
    const oldId = before.householdId;
    const unsent = latest.current.options.pending();
    const name = cachedHouseholdName(storage(), oldId) ?? 'the family';
    void leaveData(oldId, null, unsent > 0 ? { unsent, name } : null).then(() => show({ change: 'removed', name, pending: unsent }));
  }, [householdId, userId, leaveData, show]);

  return useMemo(
    () => ({ notice, dismissNotice, settle, expectMove, switchTo, householdLeft, onSyncLeft, kept, discardKept }),
    [notice, dismissNotice, settle, expectMove, switchTo, householdLeft, onSyncLeft, kept, discardKept],
  );
}
