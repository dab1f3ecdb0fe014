import { describe, expect, it } from 'vitest';
import { changedFields, shownValues, type Draft } from '../../lib/edit-draft.js';
import { profilePatch, type Profile } from './child-profile.js';

// Issue 9, fault 1 in the children editor: typing a birth year while another device renames
// the child must not write the old name back.

const opened: Profile = { name: 'Mia', month: '3', year: '' };

describe("a child's profile form", () => {
  it('saves only the birth year typed, not the name another device changed meanwhile', () => {
    const draft: Draft<Profile> = { opened, touched: { year: '2021' } };
    const live: Profile = { ...opened, name: 'Mila' }; // renamed on the other device
    expect(shownValues(draft, live)).toEqual({ name: 'Mila', month: '3', year: '2021' });
    expect(profilePatch(changedFields(draft))).toEqual({ birthYear: 2021 });
  });

  it('turns typed text into the child fields: a trimmed name, cleared month and year as null', () => {
    expect(profilePatch({ name: '  Ada ', month: '', year: ' ' })).toEqual({ name: 'Ada', birthMonth: null, birthYear: null });
    expect(profilePatch({ month: '12' })).toEqual({ birthMonth: 12 });
    expect(profilePatch({})).toEqual({});
  });
});
