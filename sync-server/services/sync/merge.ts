// Field-by-field three-way merge of one replicated document (docs/decisions/002-sync-conflicts.md).
// Pure: the server calls it inside the push transaction with the stored state (master), the
// state the client last saw (assumed) and the client's new state (incoming).

export type Doc = Record<string, unknown> & { _deleted: boolean };

export type MergeRules = {
  /** Arrays merged as sets (additions and removals from both sides survive). */
  setFields?: readonly string[];
  /** Fields only the server writes (the client's value is ignored). */
  serverFields?: readonly string[];
  /** Fields fixed at creation. */
  immutableFields?: readonly string[];
};

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  return false;
}

export function sameDoc(a: Doc, b: Doc): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameValue(a[key], b[key])) return false;
  return true;
}

function mergeSet(master: unknown[], base: unknown[], incoming: unknown[]): unknown[] {
  const removed = base.filter((v) => !incoming.includes(v));
  const added = incoming.filter((v) => !base.includes(v));
  const out: unknown[] = [];
  for (const v of [...master, ...added]) if (!removed.includes(v) && !out.includes(v)) out.push(v);
  return out;
}

/**
 * - a field changed on one side only keeps that change;
 * - a field changed on both sides takes the incoming push (the later write as the server
 *   received it);
 * - a delete on either side wins over any edit;
 * - set fields merge as sets: what either side added or removed since `assumed` holds.
 * Without `assumed` the client believed the document new, yet it is stored: that is a create
 * replayed after its answer was lost (ids are random UUIDs, or derived from a list's name),
 * possibly after later edits, so the stored state wins; only a delete still wins.
 */
export function mergeDocs(master: Doc | undefined, assumed: Doc | undefined, incoming: Doc, rules: MergeRules = {}): Doc {
  const setFields = new Set(rules.setFields ?? []);
  const serverFields = new Set(rules.serverFields ?? []);
  const immutable = new Set(rules.immutableFields ?? []);
  if (!master) return { ...incoming };
  if (master._deleted) return { ...master }; // deleted stays deleted, edits and all
  if (!assumed) return { ...master, _deleted: master._deleted || incoming._deleted };
  const merged: Doc = { ...master };
  for (const key of Object.keys(incoming)) {
    if (key === '_deleted' || serverFields.has(key) || immutable.has(key)) continue;
    const value = incoming[key];
    if (setFields.has(key)) {
      merged[key] = mergeSet(toArray(master[key]), toArray(assumed[key]), toArray(value));
    } else if (!sameValue(value, assumed[key])) {
      merged[key] = value;
    }
  }
  merged._deleted = master._deleted || incoming._deleted;
  return merged;
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
