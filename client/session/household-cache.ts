import { householdSchema, type Household } from '../../shared/schemas/household.js';
import { householdCacheKey } from './household-storage.js';

// The household as GET /api/household last answered it, kept in local storage per household so
// names ("Added by Sam") show offline (issue 13). Pure functions over a Storage, for tests.

export function cachedHousehold(storage: Storage, householdId: string | null): Household | null {
  if (!householdId) return null;
  try {
    const parsed = householdSchema.safeParse(JSON.parse(storage.getItem(householdCacheKey(householdId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function cacheHousehold(storage: Storage, household: Household): void {
  storage.setItem(householdCacheKey(household.id), JSON.stringify(household));
}

/**
 * How the app names a member who did something: "you" for the person looking, else the
 * member's username (never an email: the members list carries none). Someone no longer in the
 * list is "a former member"; no id at all (made before households) is null: nothing is shown.
 */
export function memberName(household: Household | null, userId: string | null | undefined, selfId: string | null): string | null {
  if (!userId) return null;
  if (userId === selfId) return 'you';
  const member = household?.members.find((m) => m.userId === userId);
  if (member) return member.username;
  return household ? 'a former member' : 'another member';
}
