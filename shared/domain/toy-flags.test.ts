import { describe, expect, it } from 'vitest';
import { settleKeptAndExcluded } from './toy-flags.js';

describe('settleKeptAndExcluded', () => {
  const both = { id: 't', excluded: true, favorite: true };
  it('keeps the flag the latest write switched on', () => {
    expect(settleKeptAndExcluded(both, { excluded: false, favorite: true })).toMatchObject({ excluded: false, favorite: true });
    expect(settleKeptAndExcluded(both, { excluded: true, favorite: false })).toMatchObject({ excluded: true, favorite: false });
  });
  it('lets excluded win when the write switched on both or neither', () => {
    expect(settleKeptAndExcluded(both, { excluded: true, favorite: true })).toMatchObject({ excluded: true, favorite: false });
    expect(settleKeptAndExcluded(both, { excluded: false, favorite: false })).toMatchObject({ excluded: true, favorite: false });
  });
  it('leaves a toy with at most one flag alone', () => {
    const one = { excluded: false, favorite: true };
    expect(settleKeptAndExcluded(one, { excluded: true, favorite: true })).toBe(one);
  });
});
