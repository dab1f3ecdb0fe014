import { FIRST_CHILD_ID, type Child, type SettingsDoc } from '../schemas/docs.js';
import { newestRotationFirst, type OrderedRotation } from './rotation-order.js';
import { maxRotationToysNumber } from './rotation.js';

// Children (issue 14, decision 018). The first child is the settings document's own rotation
// fields, so an account with one child is exactly the spec; the others live in `children`.

export type ChildView = Child & { id: string; first: boolean };

type ChildrenSource = Pick<
  SettingsDoc,
  'rotationToysNumber' | 'lastRotationDate' | 'rotationIntervalDays' | 'firstChildName' | 'firstChildBirthMonth' | 'firstChildBirthYear' | 'children'
>;

/** Every child: the first, then the others in the order they were added (createdAt, then id). */
export function listChildren(settings: ChildrenSource): ChildView[] {
  const first: ChildView = {
    id: FIRST_CHILD_ID,
    first: true,
    name: settings.firstChildName,
    birthMonth: settings.firstChildBirthMonth,
    birthYear: settings.firstChildBirthYear,
    rotationToysNumber: settings.rotationToysNumber,
    rotationIntervalDays: settings.rotationIntervalDays,
    lastRotationDate: settings.lastRotationDate,
    createdAt: 0,
  };
  const others = Object.entries(settings.children ?? {})
    .filter(([id]) => id !== FIRST_CHILD_ID)
    .map(([id, child]): ChildView => ({ ...child, id, first: false }))
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [first, ...others];
}

export function findChild(settings: ChildrenSource, childId: string): ChildView | null {
  return listChildren(settings).find((child) => child.id === childId) ?? null;
}

/** A name to show: the child's name, or a neutral label while the first child has none. */
export function childLabel(child: Pick<ChildView, 'name' | 'first'>, index = 0): string {
  if (child.name.trim() !== '') return child.name;
  return child.first ? 'Your child' : `Child ${index + 1}`;
}

/**
 * Whether a toy is for this child: a toy assigned to no (existing) child is for every child;
 * ids of children that no longer exist are ignored.
 */
export function toyIsForChild(toy: { childIds: readonly string[] }, childId: string, existingChildIds: ReadonlySet<string>): boolean {
  const assigned = toy.childIds.filter((id) => existingChildIds.has(id));
  return assigned.length === 0 || assigned.includes(childId);
}

/** Active inventory: retired toys leave it (they stay findable under a "Retired" filter). */
function isActiveToy(toy: { retired: boolean }): boolean {
  return !toy.retired;
}

/** The toys that count against the plan's toy limit: the active ones. */
export function activeToys<T extends { retired: boolean }>(toys: readonly T[]): T[] {
  return toys.filter(isActiveToy);
}

/** The ids of the children that exist (a toy assigned only to removed children is for every child). */
export function existingChildIds(settings: ChildrenSource): Set<string> {
  return new Set(listChildren(settings).map((child) => child.id));
}

type PoolToy = { retired: boolean; childIds: readonly string[] };

/** The toys a child's rotations pick from: the active ones (not retired) that are for this child. */
export function childPool<T extends PoolToy>(toys: readonly T[], childId: string, existing: ReadonlySet<string>): T[] {
  return activeToys(toys).filter((toy) => toyIsForChild(toy, childId, existing));
}

/**
 * The largest rotation count of a child (spec section 5, per child): the toys of its pool
 * minus its kept ones. The one rule of the device (Settings field, Rotation screen, op) and
 * of the server (updateToyRotationNumber, addChild, updateChild), so they never disagree.
 */
export function maxRotationCountForChild(toys: readonly (PoolToy & { favorite: boolean })[], childId: string, existing: ReadonlySet<string>): number {
  const pool = childPool(toys, childId, existing);
  return maxRotationToysNumber(pool.length, pool.filter((toy) => toy.favorite).length);
}

/** A child's rotations, newest first in the server's order (decision 008). */
export function childRotations<T extends OrderedRotation & { childId: string }>(rotations: readonly T[], childId: string): T[] {
  return rotations.filter((rotation) => rotation.childId === childId).sort(newestRotationFirst);
}

/**
 * A birth year after this year is refused (the schema only bounds it; "this year" needs the
 * clock). This year is the one of the latest time zone (UTC+14), so no parent is refused on
 * their New Year's Day.
 */
export function futureBirthYearProblem(birthYear: number | null, now: number): string | null {
  if (birthYear === null) return null;
  return birthYear > latestCurrentYear(now) ? 'The birth year cannot be in the future' : null;
}

/** The largest year it is anywhere on Earth at `now` (the latest time zone is UTC+14). */
function latestCurrentYear(now: number): number {
  return new Date(now + 14 * 3_600_000).getUTCFullYear();
}

/**
 * A suggested number of toys out for a child's age (issue 14): about 4 for babies and young
 * toddlers (Dauch et al. 2018, Infant Behavior and Development: toddlers played longer and
 * more varied with 4 toys than with 16), rising to the 6-12 that Montessori guides suggest for
 * older children. Null without a birth year.
 */
export function suggestedRotationCount(birthYear: number | null, birthMonth: number | null, now: number): number | null {
  if (birthYear === null) return null;
  const today = new Date(now);
  const months = (today.getUTCFullYear() - birthYear) * 12 + (today.getUTCMonth() + 1 - (birthMonth ?? 6));
  if (months < 0) return null;
  if (months < 18) return 4;
  if (months < 36) return 6;
  if (months < 60) return 8;
  return 10;
}
