import { describe, expect, it } from 'vitest';
import { flagPatch } from './toy-actions.js';

describe('flagPatch', () => {
  it('switching excluded on while kept is on flips both', () => {
    expect(flagPatch({ excluded: false, favorite: true }, 'excluded', true)).toEqual({ excluded: true, favorite: false });
  });
  it('switching kept on while excluded is on flips both', () => {
    expect(flagPatch({ excluded: true, favorite: false }, 'favorite', true)).toEqual({ excluded: false, favorite: true });
  });
  it('switching one on while the other is off changes only that one', () => {
    expect(flagPatch({ excluded: false, favorite: false }, 'favorite', true)).toEqual({ excluded: false, favorite: true });
  });
  it('switching one off leaves the other alone', () => {
    expect(flagPatch({ excluded: true, favorite: false }, 'excluded', false)).toEqual({ excluded: false, favorite: false });
  });
});
