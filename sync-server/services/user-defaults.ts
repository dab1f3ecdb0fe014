import type { Transaction } from 'kysely';
import { DEFAULT_ROTATION_TOYS_NUMBER } from '../../shared/domain/rotation.js';
import { PRACTICE_DEFAULTS, UNCATEGORIZED_ID, UNCATEGORIZED_NAME } from '../../shared/schemas/docs.js';
import type { Database } from '../db/schema.js';
import { planLimits } from '../../shared/domain/plans.js';
import { insertDoc } from './sync/stored-docs.js';


/** Creates a new user's settings row and the fixed Uncategorized category. */
export async function createUserDefaults(trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  await insertDoc(trx, userId, 'settings', {
    id: userId,
    rotationToysNumber: DEFAULT_ROTATION_TOYS_NUMBER,
    lastRotationDate: null,
    tipsDismissed: false,
    plan: 'free', // not stored: settings read the plan from the users row
    ...planLimits('free'),
    ...PRACTICE_DEFAULTS.settings,
  });
  await insertDoc(trx, userId, 'lists', { id: UNCATEGORIZED_ID, kind: 'category', name: UNCATEGORIZED_NAME, position: 0, createdAt: now });
}
