import type { HouseholdId } from '../../db/schema.js';

/** The household a session was opened in, and whether its user has left it since (issue 13). */
export type SessionBinding = { householdId: HouseholdId; leftAt: number | null };
