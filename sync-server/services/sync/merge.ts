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
  /**
   * Objects merged key by key (a key added, changed or removed on one side holds; both sides
   * changed one key: the incoming push wins, field by field when the values are objects).
   */
  recordFields?: readonly string[];
  /**
   * A field fixed at creation that tells one life of an id from the next (lists: `createdAt`,
   * because their ids derive from kind and name, so "Blocks" can be deleted on one device and
   * made again with the same id on another that never saw the delete). See mergeDocs.
   */
  lifeField?: string;
};

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!(key in a) || !(key in b) || !sameValue(a[key], b[key])) return false;
    return true;
  }
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
 * With a `lifeField` whose pushed value differs from the stored one, the push is about another
 * life of the id (see otherLife).
 */
export function mergeDocs(master: Doc | undefined, assumed: Doc | undefined, incoming: Doc, rules: MergeRules = {}): Doc {
  const setFields = new Set(rules.setFields ?? []);
  const serverFields = new Set(rules.serverFields ?? []);
  const immutable = new Set(rules.immutableFields ?? []);
  const recordFields = new Set(rules.recordFields ?? []);
  if (!master) return { ...incoming };
  const life = rules.lifeField;
  if (life !== undefined && !sameValue(master[life], incoming[life])) {
    const merged = otherLife(master, assumed, incoming, life, [...serverFields, ...immutable]);
    if (merged) return merged;
  }
  if (master._deleted) return { ...master }; // deleted stays deleted, edits and all
  if (!assumed) return { ...master, _deleted: master._deleted || incoming._deleted };
  const merged: Doc = { ...master };
  for (const key of Object.keys(incoming)) {
    if (key === '_deleted' || serverFields.has(key) || immutable.has(key)) continue;
    const value = incoming[key];
    if (setFields.has(key)) {
      merged[key] = mergeSet(toArray(master[key]), toArray(assumed[key]), toArray(value));
    } else if (recordFields.has(key)) {
      merged[key] = mergeRecord(toRecord(master[key]), toRecord(assumed[key]), toRecord(value), true);
    } else if (!sameValue(value, assumed[key])) {
      merged[key] = value;
    }
  }
  merged._deleted = master._deleted || incoming._deleted;
  return merged;
}

/**
 * The push and the stored state are two lives of one id (their `life` differs):
 * - stored deleted, pushed live, and the push's base is not of the pushed life (no base; or,
 *   reconverging, the stored state): the device made the document anew without ever agreeing
 *   on it with the server. That is a new creation: it lives with the pushed fields (a replayed
 *   create has the same `life` and never gets here, so it stays deleted);
 * - stored live, pushed deleted: the device deleted another life (one it made or saw, never
 *   the stored one); that delete is not about the stored list, which stays as it is.
 * Anything else merges as usual (undefined).
 */
function otherLife(master: Doc, assumed: Doc | undefined, incoming: Doc, life: string, fixed: string[]): Doc | undefined {
  if (master._deleted && !incoming._deleted && !sameValue(assumed?.[life], incoming[life])) {
    const kept = Object.fromEntries(fixed.filter((key) => key !== life && key in master).map((key) => [key, master[key]]));
    return { ...incoming, ...kept, _deleted: false };
  }
  if (!master._deleted && incoming._deleted) return { ...master };
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/**
 * Three-way merge of an object by key. A key the push did not change keeps the stored value; a
 * key it added or changed takes the pushed value (when the stored one is an object too and
 * `deep`, field by field, so edits of different fields of one child both hold); a key it
 * removed is removed. A key removed on the server and changed by the push stays removed
 * (a delete wins, as for documents).
 */
function mergeRecord(master: Record<string, unknown>, base: Record<string, unknown>, incoming: Record<string, unknown>, deep: boolean) {
  const out: Record<string, unknown> = { ...master };
  for (const key of new Set([...Object.keys(base), ...Object.keys(incoming)])) {
    const inBase = key in base;
    const inIncoming = key in incoming;
    if (inBase && !inIncoming) {
      delete out[key];
    } else if (!inBase && inIncoming) {
      out[key] = deep && isRecord(master[key]) && isRecord(incoming[key]) ? { ...master[key], ...incoming[key] } : incoming[key];
    } else if (!sameValue(base[key], incoming[key])) {
      if (!(key in master)) continue; // removed on the server meanwhile: the removal wins
      out[key] = deep && isRecord(master[key]) && isRecord(incoming[key]) && isRecord(base[key])
        ? mergeRecord(master[key], base[key], incoming[key], false)
        : incoming[key];
    }
  }
  return out;
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
