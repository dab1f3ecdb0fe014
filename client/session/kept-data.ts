// Local data of a household this device no longer belongs to, kept because it held changes the
// server never got (decision 017): the person is told, and decides (download or discard). A
// notice about a household change waits here too, so it survives the reload that may follow.

const KEPT_KEY = 'keptHouseholdData';
const NOTICE_KEY = 'householdNotice';

export type KeptData = { householdId: string; name: string; pending: number; keptAt: number };

export function keptData(storage: Storage): KeptData[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEPT_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is KeptData =>
        Boolean(item) && typeof item === 'object' && typeof (item as KeptData).householdId === 'string' && typeof (item as KeptData).pending === 'number',
    );
  } catch {
    return [];
  }
}

export function rememberKept(storage: Storage, entry: KeptData): void {
  const others = keptData(storage).filter((item) => item.householdId !== entry.householdId);
  storage.setItem(KEPT_KEY, JSON.stringify([...others, entry]));
}

export function forgetKept(storage: Storage, householdId: string): void {
  const rest = keptData(storage).filter((item) => item.householdId !== householdId);
  if (rest.length === 0) storage.removeItem(KEPT_KEY);
  else storage.setItem(KEPT_KEY, JSON.stringify(rest));
}

/** Why the device changed households; decides the notice's words. */
export type HouseholdChange = 'joined' | 'left' | 'removed' | 'deleted';

export type HouseholdNotice = {
  change: HouseholdChange;
  name: string;
  /** Changes that could not reach the household and are kept on this device. */
  pending: number;
  /** Changes handed in after leaving (decision 016): how many the server took, and could not. */
  handedIn?: { taken: number; refused: number };
};

export function storedNotice(storage: Storage): HouseholdNotice | null {
  try {
    const parsed = JSON.parse(storage.getItem(NOTICE_KEY) ?? 'null') as HouseholdNotice | null;
    return parsed && typeof parsed.name === 'string' && typeof parsed.pending === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function storeNotice(storage: Storage, notice: HouseholdNotice | null): void {
  if (notice) storage.setItem(NOTICE_KEY, JSON.stringify(notice));
  else storage.removeItem(NOTICE_KEY);
}
