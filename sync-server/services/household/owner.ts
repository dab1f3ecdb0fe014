import type { Plan } from '../../../shared/domain/plans.js';
import type { HouseholdRole } from '../../../shared/schemas/household.js';
import type { HouseholdId } from '../../db/schema.js';

// The scope types alone, so the app context and the row writers can name them without importing
// the services that decide them (no import cycle through context.ts).

/**
 * The data scope of a request, decided once by the route layer: the household whose rows the
 * services read and write (`id`, what the data tables' `user_id` holds), its plan, and who acts.
 */
export type Owner = {
  id: HouseholdId;
  plan: 'paid' | 'free';
  /** The signed-in user: written as createdBy/updatedBy, never taken from the client. */
  actorId: string;
  role: HouseholdRole;
  /** Set only for a hand-in push: the change clock when the person left; rows changed since are not touched. */
  handInSince?: number;
};


/** What plan-dependent services need of the scope: the household id and its plan. */
export type PlanScope = { id: HouseholdId; plan: Plan };
