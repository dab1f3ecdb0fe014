// What became of each list a toy may point at (a delete, a merge into a same-named list), so a
// toy pushed with an old list id lands where that list went (decision 008).

export type ListFate = { kind: string; deleted: boolean; mergedInto: string | null };

/**
 * Where a toy's reference to a list points now: the list itself while live, the survivor of
 * a merge (followed through chains), null for a list deleted outright; unknown ids are kept
 * (the same device's lists push may not have arrived yet).
 */
export function resolveListId(id: string, lists: ReadonlyMap<string, ListFate>): string | null {
  let current = id;
  for (let hops = 0; hops < 16; hops++) {
    const fate = lists.get(current);
    if (!fate || !fate.deleted) return current;
    if (!fate.mergedInto) return null;
    current = fate.mergedInto;
  }
  return null;
}
