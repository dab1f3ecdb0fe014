import { describe, expect, it } from 'vitest';
import { changedFields, shownValues, type Draft } from './edit-draft.js';

type Toy = { title: string; caption: string; categoryId: string };

const opened: Toy = { title: 'Ball', caption: 'old notes', categoryId: 'cat-a' };

describe('edit drafts (issue 9, fault 1: a stale form must not overwrite another device)', () => {
  it('saves only the field the person changed, not the stale notes it opened with', () => {
    const draft: Draft<Toy> = { opened, touched: { title: 'Red ball' } };
    expect(changedFields(draft)).toEqual({ title: 'Red ball' });
  });

  it('shows the live value of untouched fields and the typed value of touched ones', () => {
    const draft: Draft<Toy> = { opened, touched: { title: 'Red ball' } };
    const live: Toy = { ...opened, caption: 'notes from the other phone' };
    expect(shownValues(draft, live)).toEqual({ title: 'Red ball', caption: 'notes from the other phone', categoryId: 'cat-a' });
  });

  it('saves nothing for a field typed back to the value it opened with', () => {
    const draft: Draft<Toy> = { opened, touched: { caption: 'old notes', categoryId: 'cat-b' } };
    expect(changedFields(draft)).toEqual({ categoryId: 'cat-b' });
    expect(changedFields({ opened, touched: {} })).toEqual({});
  });

  it('compares lists by their items', () => {
    const lists = { opened: { ids: ['a', 'b'] }, touched: { ids: ['a', 'b'] } };
    expect(changedFields(lists)).toEqual({});
    expect(changedFields({ ...lists, touched: { ids: ['b', 'a'] } })).toEqual({ ids: ['b', 'a'] });
  });
});
