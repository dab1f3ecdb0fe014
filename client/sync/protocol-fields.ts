// Field-by-field arithmetic on documents, shared by the protocol core (protocol.ts). Plain data
// only: documents are JSON objects; arrays are sets of members (a toy's collectionIds), as the
// server merges them (decision 002).

export type Doc = Record<string, unknown>;

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (!(key in a) || !(key in b) || !sameValue((a as Doc)[key], (b as Doc)[key])) return false;
    }
    return true;
  }
  return false;
}

function keysOf(...docs: Doc[]): Set<string> {
  return new Set(docs.flatMap((doc) => Object.keys(doc)));
}

/**
 * The device's changes from `base` to `local`, applied onto `onto` (the server's newer state):
 * a field the device changed keeps its value, any other takes `onto`'s; a set field keeps what
 * either side added or removed. A delete on either side wins. This is the server's merge rule
 * (decision 002) run on the device, so what the screen shows after a pull is what the server
 * will hold once the pending edit is pushed.
 */
export function rebase(onto: Doc, base: Doc | undefined, local: Doc): Doc {
  if (!base) return { ...onto, _deleted: onto._deleted === true || local._deleted === true };
  const out: Doc = { ...onto };
  for (const key of keysOf(onto, base, local)) {
    const [o, b, l] = [onto[key], base[key], local[key]];
    if (Array.isArray(o) && Array.isArray(b) && Array.isArray(l)) {
      const removed = b.filter((m) => !l.some((n) => sameValue(m, n)));
      const added = l.filter((m) => !b.some((n) => sameValue(m, n)));
      const members = [...o, ...added].filter((m) => !removed.some((n) => sameValue(m, n)));
      out[key] = members.filter((m, i) => members.findIndex((n) => sameValue(m, n)) === i);
    } else if (isRecord(o) && isRecord(b) && isRecord(l)) {
      out[key] = rebaseRecord(o, b, l, true);
    } else if (!sameValue(l, b)) {
      if (key in local) out[key] = l;
      else delete out[key];
    }
  }
  if (onto._deleted === true || local._deleted === true) out._deleted = true;
  return out;
}

function isRecord(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object field (a rotation's observations, the settings' children) merged key by key, as
 * the server merges its record fields (sync-server/services/sync/merge.ts, mergeRecord): a key
 * the device added, changed or removed holds, field by field one level down; a key removed on
 * the other side and changed here stays removed.
 */
function rebaseRecord(onto: Doc, base: Doc, local: Doc, deep: boolean): Doc {
  const out: Doc = { ...onto };
  for (const key of new Set([...Object.keys(base), ...Object.keys(local)])) {
    const [o, b, l] = [onto[key], base[key], local[key]];
    if (key in base && !(key in local)) delete out[key];
    else if (!(key in base)) out[key] = deep && isRecord(o) && isRecord(l) ? { ...o, ...l } : l;
    else if (!sameValue(b, l) && key in onto) out[key] = deep && isRecord(o) && isRecord(b) && isRecord(l) ? rebaseRecord(o, b, l, false) : l;
  }
  return out;
}

/**
 * The base for pushing `local` while an earlier push of the same document (`sent`, made on
 * `base`) may or may not have been stored: its answer was lost (a failed request, a reload).
 * A field changed again since `sent` is measured against `sent`, so setting it back still
 * counts as a change whichever way the lost push went; a field still as sent is measured
 * against `base`, so the sent value is asserted again in case the lost push never arrived
 * (decision 015). Without `base` (the lost push was the create) `sent` is its own base.
 */
export function composedBase(base: Doc | undefined, sent: Doc, local: Doc): Doc {
  const before = base ?? sent;
  const out: Doc = {};
  for (const key of keysOf(before, sent, local)) {
    const [b, s, l] = [before[key], sent[key], local[key]];
    if (Array.isArray(l) && Array.isArray(s) && Array.isArray(b)) {
      const members = [...new Set([...b, ...s, ...l])];
      out[key] = members.filter((m) => (l.includes(m) === s.includes(m) ? b.includes(m) : s.includes(m)));
    } else if (key in (sameValue(l, s) ? before : sent)) {
      out[key] = sameValue(l, s) ? b : s;
    }
  }
  return out;
}
