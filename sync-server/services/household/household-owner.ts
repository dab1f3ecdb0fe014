import type { AppDeps } from '../../context.js';
import type { HouseholdId } from '../../db/schema.js';

/**
 * The household's owner as mail and its language need them (reminders, the unsubscribe page,
 * the calendar feed): a household's id is not always a user's id (issue 13).
 */
export function householdOwner(db: AppDeps['db'], householdId: HouseholdId) {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.email', 'users.username', 'users.language'])
    .where('memberships.household_id', '=', householdId)
    .where('memberships.role', '=', 'owner')
    .executeTakeFirst();
}
