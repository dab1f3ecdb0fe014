// Which rotation is the current one (issue 9, fault 9; decision 008). The order the server
// accepted rotations in decides, never a device clock: a rotation made later on a phone whose
// clock is behind is still the latest. On a device, its own rotation that the server has not
// stored yet (serverOrder null) is newer than every stored one.

export type OrderedRotation = { id: string; createdAt: number; serverOrder: number | null };

/** Sort comparator: newest first. */
export function newestRotationFirst(a: OrderedRotation, b: OrderedRotation): number {
  const pendingA = a.serverOrder === null;
  const pendingB = b.serverOrder === null;
  if (pendingA !== pendingB) return pendingA ? -1 : 1;
  if (!pendingA && a.serverOrder !== b.serverOrder) return (b.serverOrder as number) - (a.serverOrder as number);
  // Two unacknowledged rotations were made on this device: its own clock orders them. Rotations
  // migrated from before the server order existed (all 0) fall back to it as well.
  return b.createdAt - a.createdAt || b.id.localeCompare(a.id);
}

export function latestRotation<T extends OrderedRotation>(rotations: readonly T[]): T | null {
  return [...rotations].sort(newestRotationFirst)[0] ?? null;
}
