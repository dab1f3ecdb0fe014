import type { Transaction } from 'kysely';
import { DEFAULT_ROTATION_TOYS_NUMBER } from '../../shared/domain/rotation.js';
import { PRACTICE_DEFAULTS, UNCATEGORIZED_ID, UNCATEGORIZED_NAME } from '../../shared/schemas/docs.js';
import type { Database, HouseholdId } from '../db/schema.js';
import { planLimits } from '../../shared/domain/plans.js';
import { createDoc, scopeOf } from './replicated/apply.js';


/** Creates a new user's settings row and the fixed Uncategorized category. */
export async function createUserDefaults(trx: Transaction<Database>, householdId: HouseholdId, now: number): Promise<void> {
  const scope = scopeOf(trx, householdId);
  await createDoc(scope, 'settings', {
    id: householdId,
    rotationToysNumber: DEFAULT_ROTATION_TOYS_NUMBER,
    lastRotationDate: null,
    tipsDismissed: false,
    plan: 'free', // not stored: settings read the plan from the users row
    ...planLimits('free'),
    ...PRACTICE_DEFAULTS.settings,
  });
  await createDoc(scope, 'lists', { id: UNCATEGORIZED_ID, kind: 'category', name: UNCATEGORIZED_NAME, position: 0, createdAt: now });
}
