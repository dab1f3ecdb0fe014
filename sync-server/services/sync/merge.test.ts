import { describe, expect, it } from 'vitest';
import { mergeDocs, sameDoc, type Doc } from './merge.js';

const rules = { setFields: ['tags'], immutableFields: ['id', 'createdAt'], serverFields: ['plan'] };
const base: Doc = { id: 'a', title: 'Ball', caption: '', tags: ['x'], createdAt: 1, plan: 'free', _deleted: false };

describe('mergeDocs', () => {
  it('keeps a change made on one side only, whichever side', () => {
    const master = { ...base, caption: 'server side' };
    const incoming = { ...base, title: 'Red ball' };
    expect(mergeDocs(master, base, incoming, rules)).toMatchObject({ title: 'Red ball', caption: 'server side' });
  });

  it('takes the incoming push when both sides changed the same field', () => {
    const master = { ...base, title: 'Server title' };
    const incoming = { ...base, title: 'Client title' };
    expect(mergeDocs(master, base, incoming, rules).title).toBe('Client title');
  });

  it('lets a delete win over a concurrent edit, from either side', () => {
    expect(mergeDocs({ ...base, _deleted: true }, base, { ...base, title: 'edit' }, rules)).toEqual({ ...base, _deleted: true });
    expect(mergeDocs({ ...base, title: 'edit' }, base, { ...base, _deleted: true }, rules)._deleted).toBe(true);
  });

  it('merges set fields: additions and removals from both sides hold', () => {
    const master = { ...base, tags: ['x', 'server'] };
    const incoming = { ...base, tags: ['client'] }; // removed x, added client
    expect(mergeDocs(master, base, incoming, rules).tags).toEqual(['server', 'client']);
  });

  it('keeps the stored state when a create is replayed after later edits (no base), but a delete still wins', () => {
    const master = { ...base, tags: ['server'], caption: 'edited later' };
    expect(mergeDocs(master, undefined, base, rules)).toEqual(master);
    expect(mergeDocs(master, undefined, { ...base, _deleted: true }, rules)._deleted).toBe(true);
  });

  it('ignores server-owned and immutable fields from the client', () => {
    const merged = mergeDocs(base, base, { ...base, plan: 'paid', createdAt: 99, id: 'b' }, rules);
    expect(merged).toMatchObject({ plan: 'free', createdAt: 1, id: 'a' });
  });

  it('is idempotent: merging the same push again changes nothing', () => {
    const master = { ...base, caption: 'server' };
    const incoming = { ...base, title: 'Client', tags: ['x', 'y'] };
    const once = mergeDocs(master, base, incoming, rules);
    const twice = mergeDocs(once, base, incoming, rules);
    expect(sameDoc(once, twice)).toBe(true);
  });

  it('stores a new document as sent', () => {
    expect(mergeDocs(undefined, undefined, base, rules)).toEqual(base);
  });
});

describe('mergeDocs with a lifeField (list ids derive from their names, so one id can be made again)', () => {
  const rules = { immutableFields: ['id', 'kind', 'createdAt'], lifeField: 'createdAt' };
  const list: Doc = { id: 'cat-x', kind: 'category', name: 'Blocks', position: 1, createdAt: 1, _deleted: false };
  const deleted = { ...list, _deleted: true };

  it('takes a live push of another life over a deleted one, without a base of its own, as a new creation', () => {
    const again = { ...list, createdAt: 2, position: 5 };
    expect(mergeDocs(deleted, undefined, again, rules)).toEqual(again);
    // Reconverging after a restore, the stored state stands in for the base: still a new creation.
    expect(mergeDocs(deleted, deleted, again, rules)).toEqual(again);
    // Fixed fields other than the life stay the stored ones.
    expect(mergeDocs(deleted, undefined, { ...again, kind: 'collection' }, rules).kind).toBe('category');
  });

  it('keeps deleted a replayed create (the same life), an edit of it, and an edit made on another life it agreed on', () => {
    expect(mergeDocs(deleted, undefined, list, rules)).toEqual(deleted);
    expect(mergeDocs(deleted, list, { ...list, name: 'Bricks' }, rules)).toEqual(deleted);
    const older = { ...list, createdAt: 0 };
    expect(mergeDocs(deleted, older, { ...older, name: 'Bricks' }, rules)).toEqual(deleted);
  });

  it('leaves the stored life live when another life is deleted, with or without a base', () => {
    const live = { ...list, createdAt: 2 };
    expect(mergeDocs(live, undefined, deleted, rules)).toEqual(live);
    expect(mergeDocs(live, list, deleted, rules)).toEqual(live);
    expect(mergeDocs(live, live, { ...live, _deleted: true }, rules)._deleted).toBe(true);
  });
});
