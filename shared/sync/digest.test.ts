import { describe, expect, it } from 'vitest';
import { canonicalJson, tableDigest, fnv1a64 } from './digest.js';

const hex = ([hi, lo]: [number, number]) => hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');

describe('digest', () => {
  it('is FNV-1a 64 (published test vectors)', () => {
    expect(hex(fnv1a64(''))).toBe('cbf29ce484222325');
    expect(hex(fnv1a64('a'))).toBe('af63dc4c8601ec8c');
    expect(hex(fnv1a64('foobar'))).toBe('85944171f73967e8');
  });

  it('writes canonical JSON: keys sorted at every level, undefined left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: null }], c: undefined } })).toBe('{"a":{"d":[2,{"x":null,"y":1}]},"b":1}');
  });

  it('does not depend on order, key order or local bookkeeping, and leaves deleted documents out', () => {
    const a = { id: 'a', title: 'Ball', collectionIds: ['x'] };
    const b = { id: 'b', title: 'Kite', collectionIds: [] };
    const digest = tableDigest([a, b]);
    expect(tableDigest([{ collectionIds: [], title: 'Kite', id: 'b', _meta: { lwt: 1 }, _rev: '1-x' }, a])).toEqual(digest);
    expect(tableDigest([a, b, { id: 'c', title: 'Gone', _deleted: true }])).toEqual(digest);
    expect(digest.count).toBe(2);
  });

  it('changes with any field of any document', () => {
    const docs = [{ id: 'a', title: 'Ball', excluded: false }, { id: 'b', title: 'Kite', excluded: false }];
    const digest = tableDigest(docs);
    expect(tableDigest([docs[0]!, { ...docs[1]!, excluded: true }]).hash).not.toBe(digest.hash);
    expect(tableDigest([docs[0]!, { ...docs[1]!, title: 'Kites' }]).hash).not.toBe(digest.hash);
    expect(tableDigest([docs[0]!]).hash).not.toBe(digest.hash);
  });
});
