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
