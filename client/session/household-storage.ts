// The part of the household cache (household-cache.ts) that the household switch needs on every
// signed-in page: plain local storage, no schema, so zod stays out of the first page's
// JavaScript (issue 16). Only the name is read here, and only if it is text.

export const householdCacheKey = (householdId: string) => `household:${householdId}`;

/** The cached household's name, or null when none is cached (or the entry is not ours). */
export function cachedHouseholdName(storage: Storage, householdId: string): string | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(householdCacheKey(householdId)) ?? 'null');
    const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export function forgetHousehold(storage: Storage, householdId: string): void {
  storage.removeItem(householdCacheKey(householdId));
}
