// Kept (`favorite`) and excluded are never both on (spec section 4: switching one on while the
// other is on flips both). Concurrent toggles on two devices, or a REST call on one flag, can
// meet in a merge with both on; this decides which one stays (decision 008).

export type ToyFlags = { excluded: boolean; favorite: boolean };

/**
 * `turnedOn` says which flags the latest write (the push being merged, or the REST call)
 * switched on. The flag it switched on wins, as the later write the server received. If it
 * switched on both or neither (a create, or a write of other fields), excluded wins: a parent
 * usually excludes a toy for a reason (broken, unsafe, too young), and a toy left out of
 * rotations can be brought back without harm.
 */
export function settleKeptAndExcluded<T extends ToyFlags>(doc: T, turnedOn: ToyFlags): T {
  if (!doc.excluded || !doc.favorite) return doc;
  if (turnedOn.favorite && !turnedOn.excluded) return { ...doc, excluded: false };
  return { ...doc, favorite: false };
}
