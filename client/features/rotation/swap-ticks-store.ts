// Where the swap checklist's ticks live on the device (decision 019): one entry per child,
// `swapTicks:<childId>` = {rotationId, ticks}, so ticking one child's list never touches
// another's, and a child's new rotation replaces only that child's older ticks.

const PREFIX = 'swapTicks:';

/** The parts of localStorage used (a test passes an in-memory one). */
export type TickStorage = Pick<Storage, 'length' | 'key' | 'getItem' | 'setItem' | 'removeItem'>;

type Entry = { rotationId: string; ticks: string[] };

function parseEntry(raw: string | null): Entry | null {
  const value = safeJson(raw);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { rotationId, ticks } = value as Record<string, unknown>;
  if (typeof rotationId !== 'string' || !Array.isArray(ticks)) return null;
  return { rotationId, ticks: ticks.filter((tick): tick is string => typeof tick === 'string') };
}

/** The ticks of a child's list for this rotation (none when the stored ones are another rotation's). */
export function readTicks(storage: TickStorage, childId: string, rotationId: string): Set<string> {
  const entry = parseEntry(storage.getItem(PREFIX + childId));
  return new Set(entry?.rotationId === rotationId ? entry.ticks : []);
}

export function writeTicks(storage: TickStorage, childId: string, rotationId: string, ticks: ReadonlySet<string>): void {
  // Entries of the first version were keyed by rotation with a bare list: done with.
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && Array.isArray(safeJson(storage.getItem(key)))) storage.removeItem(key);
  }
  storage.setItem(PREFIX + childId, JSON.stringify({ rotationId, ticks: [...ticks] } satisfies Entry));
}

function safeJson(raw: string | null): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}
