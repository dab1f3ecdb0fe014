import { describe, expect, it } from 'vitest';
import { mergeDocs, type Doc } from '../../sync-server/services/sync/merge.js';
import { answeredBase, composedBase } from './composed-base.js';

// Whatever became of the lost push (stored, or never arrived, or stored and then changed by
// another device), merging the local state against the composed base keeps every field the
// device set last, and leaves alone the fields it never touched.

const rules = { setFields: ['collectionIds'] };
const doc = (fields: Partial<Doc>): Doc => ({ id: 't', title: 'Ball', location: 'shelf', collectionIds: ['a'], _deleted: false, ...fields });

describe('composedBase', () => {
  const base = doc({});
  const cases = [
    { name: 'a field set back to its old value', sent: doc({ location: 'box' }), local: doc({}), expected: { location: 'shelf' } },
    { name: 'a field still as sent', sent: doc({ location: 'box' }), local: doc({ location: 'box' }), expected: { location: 'box' } },
    { name: 'a field changed again', sent: doc({ location: 'box' }), local: doc({ location: 'bag' }), expected: { location: 'bag' } },
    { name: 'a member taken out again', sent: doc({ collectionIds: ['a', 'b'] }), local: doc({}), expected: { collectionIds: ['a'] } },
    { name: 'a member put back', sent: doc({ collectionIds: [] }), local: doc({}), expected: { collectionIds: ['a'] } },
    { name: 'a member still as sent', sent: doc({ collectionIds: ['a', 'b'] }), local: doc({ collectionIds: ['a', 'b'] }), expected: { collectionIds: ['a', 'b'] } },
  ];
  for (const { name, sent, local, expected } of cases) {
    it(`${name}: the device's value wins whether the lost push was stored or not`, () => {
      const composed = composedBase(base, sent, local) as Doc;
      for (const master of [base, sent]) expect(mergeDocs(master, composed, local, rules)).toMatchObject(expected);
    });
  }

  it("keeps another device's later change of a field this device did not touch", () => {
    const sent = doc({ location: 'box' });
    const master = doc({ location: 'box', title: 'Red ball' }); // stored, then renamed elsewhere
    expect(mergeDocs(master, composedBase(base, sent, sent) as Doc, sent, rules)).toMatchObject({ title: 'Red ball', location: 'box' });
  });

  it('takes the create itself as the base of a lost create', () => {
    const sent = doc({});
    const local = doc({ title: 'Ball' });
    expect(composedBase(undefined, sent, local)).toEqual(sent);
  });
});

// A conflict answered (the server's state `answer`, with another device's location) to a push
// of `sent`: whether RxDB wrote the answer over the document or kept an edit made on `sent`,
// the device's changes hold and the other device's edit is not undone (seed 678).
describe('answeredBase', () => {
  const sent = doc({});
  const answer = doc({ location: 'box', collectionIds: ['a', 'c'] }); // changed elsewhere
  const cases = [
    { name: 'an edit made on the state sent', local: doc({ title: 'Red ball' }) },
    { name: 'an edit made on the answer', local: doc({ title: 'Red ball', location: 'box', collectionIds: ['a', 'c'] }) },
  ];
  for (const { name, local } of cases) {
    it(`${name}: pushes the edit, keeps the other device's`, () => {
      expect(mergeDocs(answer, answeredBase(answer, sent, local) as Doc, local, rules)).toMatchObject({
        title: 'Red ball',
        location: 'box',
        collectionIds: ['a', 'c'],
      });
    });
  }

  it('pushes a field or member the device changed after the state sent', () => {
    const local = doc({ location: 'bag', collectionIds: [] });
    expect(mergeDocs(answer, answeredBase(answer, sent, local) as Doc, local, rules)).toMatchObject({ location: 'bag', collectionIds: ['c'] });
  });
});
