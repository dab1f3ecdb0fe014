import { describe, expect, it } from 'vitest';
import { FIRST_CHILD_ID, type Child } from '../../../shared/schemas/docs.js';
import { mergeChildren } from './merge-children.js';

// The children rule of "bring my toys" (decision 016), case by case.

const child = (name: string, fields: Partial<Child> = {}): Child => ({
  name, birthMonth: null, birthYear: null, rotationToysNumber: 3, rotationIntervalDays: null, lastRotationDate: null, createdAt: 1, ...fields,
});
const settings = (firstChildName: string, children: Record<string, Child> = {}, fields: Record<string, unknown> = {}) => ({
  rotationToysNumber: 5, lastRotationDate: null, rotationIntervalDays: null, firstChildName, firstChildBirthMonth: null, firstChildBirthYear: null, children, ...fields,
});
let n = 0;
const newId = () => `new-${++n}`;

describe('mergeChildren', () => {
  it("the family's unnamed first child takes the joiner's named first child (name, birth), keeping its own rotation count", () => {
    const merged = mergeChildren(settings(''), settings('Noah', {}, { firstChildBirthYear: 2021, rotationToysNumber: 9, lastRotationDate: 50 }), newId, 100);
    expect(merged.ids.get(FIRST_CHILD_ID)).toBe(FIRST_CHILD_ID);
    expect(merged.fields).toMatchObject({ firstChildName: 'Noah', firstChildBirthYear: 2021, rotationToysNumber: 5, lastRotationDate: 50 });
    expect(merged).toMatchObject({ total: 1, added: 0 });
  });

  it('the later last rotation wins; names match trimmed and in any case', () => {
    const merged = mergeChildren(settings('Mia', { leo: child('Leo', { lastRotationDate: 70 }) }), settings('mia', { theirs: child(' LEO', { lastRotationDate: 40 }) }, { lastRotationDate: 90 }), newId, 100);
    expect(merged.ids).toEqual(new Map([[FIRST_CHILD_ID, FIRST_CHILD_ID], ['theirs', 'leo']]));
    expect(merged.fields.lastRotationDate).toBe(90);
    expect(merged.fields.children.leo?.lastRotationDate).toBe(70);
  });

  it('two of the joiner\'s children with one name become one; an id the family uses is renewed', () => {
    const merged = mergeChildren(
      settings('Mia', { shared: child('Ada') }),
      settings('', { shared: child('Sam'), other: child('sam', { createdAt: 2 }) }),
      newId,
      100,
    );
    const samId = merged.ids.get('shared')!;
    expect(samId).not.toBe('shared');
    expect(merged.ids.get('other')).toBe(samId);
    expect(merged.fields.children[samId]?.name).toBe('Sam');
    expect(merged).toMatchObject({ total: 3, added: 1 });
  });

  it('a named first child that matches no one is added (new id, created now), with its own schedule', () => {
    const merged = mergeChildren(settings('Mia'), settings('Noah', {}, { rotationIntervalDays: 7 }), newId, 100);
    const id = merged.ids.get(FIRST_CHILD_ID)!;
    expect(id).not.toBe(FIRST_CHILD_ID);
    expect(merged.fields.children[id]).toMatchObject({ name: 'Noah', rotationIntervalDays: 7, createdAt: 100 });
    expect(merged.fields.firstChildName).toBe('Mia');
  });
});
