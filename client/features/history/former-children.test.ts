import { beforeAll, describe, expect, it } from 'vitest';
import { withScreenMessages } from '../../i18n/i18n.js';
import { formerChildLabels, formerChildRotations } from './former-children.js';

// The signed-in screens' English loads with their screens (decision 051); these words are theirs.
beforeAll(() => withScreenMessages(Promise.resolve()));

describe('former children in History', () => {
  const rotations = [
    { id: 'r5', childId: 'gone-b' },
    { id: 'r4', childId: 'first-child' },
    { id: 'r3', childId: 'gone-a' },
    { id: 'r2', childId: 'mia' },
    { id: 'r1', childId: 'gone-b' },
  ];

  it('keeps the rotations of children that no longer exist, newest first', () => {
    expect(formerChildRotations(rotations, new Set(['first-child', 'mia'])).map((r) => r.id)).toEqual(['r5', 'r3', 'r1']);
    expect(formerChildRotations(rotations, new Set(['first-child', 'mia', 'gone-a', 'gone-b']))).toEqual([]);
  });

  it('tells former children apart without their names', () => {
    const former = formerChildRotations(rotations, new Set(['first-child', 'mia']));
    expect([...formerChildLabels(former)]).toEqual([
      ['gone-b', 'former child 1'],
      ['gone-a', 'former child 2'],
    ]);
    expect([...formerChildLabels([{ childId: 'gone-a' }, { childId: 'gone-a' }])]).toEqual([['gone-a', 'a former child']]);
  });
});
