// "Synced" is checked, not assumed (issue 9, decision 007): the device and the server each
// reduce what they hold of a collection to a digest, and compare. Pure and isomorphic (the
// browser and Node compute the same value), order-independent (a sum of per-document hashes),
// over the canonical JSON of each live document in its replicated shape.

export type TableDigest = {
  /** Live (not deleted) documents. */
  count: number;
  /** 16 hex digits: the sum, modulo 2^64, of each document's 64-bit hash. */
  hash: string;
};

/** JSON with object keys sorted at every level, so equal documents give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * 64-bit FNV-1a of the UTF-16 code units, as two 32-bit halves (Math.imul keeps it exact
 * without BigInt). Not cryptographic: it detects accidental divergence, not tampering.
 */
export function fnv1a64(text: string): [number, number] {
  // offset basis 0xcbf29ce484222325, prime 0x100000001b3 (= 2^40 + 0x1b3)
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo = (lo ^ text.charCodeAt(i)) >>> 0;
    // (hi:lo) * (2^40 + 0x1b3) mod 2^64
    const loTimes = lo * 0x1b3; // < 2^41, exact in a double
    const carry = Math.floor(loTimes / 0x100000000);
    const newLo = loTimes >>> 0;
    const newHi = (Math.imul(hi, 0x1b3) + carry + ((lo << 8) >>> 0)) >>> 0;
    hi = newHi;
    lo = newLo;
  }
  return [hi >>> 0, lo >>> 0];
}

/** Fields that are not the document's content and never take part in a digest. */
const LOCAL_FIELDS = new Set(['_meta', '_rev', '_attachments', '_deleted']);

function documentHash(doc: Record<string, unknown>): [number, number] {
  const content: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!LOCAL_FIELDS.has(key)) content[key] = value;
  return fnv1a64(canonicalJson(content));
}

/** The digest of a collection's documents; deleted ones (`_deleted: true`) are left out. */
export function tableDigest(docs: Iterable<Record<string, unknown>>): TableDigest {
  let count = 0;
  let hi = 0;
  let lo = 0;
  for (const doc of docs) {
    if (doc._deleted === true) continue;
    const [h, l] = documentHash(doc);
    const sumLo = lo + l;
    lo = sumLo >>> 0;
    hi = (hi + h + (sumLo > 0xffffffff ? 1 : 0)) >>> 0;
    count++;
  }
  return { count, hash: hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0') };
}
