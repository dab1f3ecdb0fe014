import type { ChildPatch } from '../../db/ops/settings.js';
import type { NamedChild } from '../../hooks/use-children.js';

// A child's profile as the Settings form holds it (text, as typed), and what a save writes.
// An edit saves only the fields the person changed (issue 9, fault 1): another device may have
// renamed the child while this form had the birth year open, and that rename must stand.

export type Profile = { name: string; month: string; year: string };

export const EMPTY_PROFILE: Profile = { name: '', month: '', year: '' };

export const profileOf = (child: NamedChild): Profile => ({
  name: child.name,
  month: child.birthMonth ? String(child.birthMonth) : '',
  year: child.birthYear ? String(child.birthYear) : '',
});

const monthOf = (month: string) => (month ? Number(month) : null);
const yearOf = (year: string) => (year.trim() ? Number(year.trim()) : null);

/** A new child from a complete form. */
export function parseProfile(profile: Profile): { name: string; birthMonth: number | null; birthYear: number | null } {
  return { name: profile.name.trim(), birthMonth: monthOf(profile.month), birthYear: yearOf(profile.year) };
}

/** The child's fields to write for the form fields the person changed (edit-draft.ts's changes). */
export function profilePatch(changes: Partial<Profile>): ChildPatch {
  const patch: ChildPatch = {};
  if (changes.name !== undefined) patch.name = changes.name.trim();
  if (changes.month !== undefined) patch.birthMonth = monthOf(changes.month);
  if (changes.year !== undefined) patch.birthYear = yearOf(changes.year);
  return patch;
}
