import type { Transaction } from 'kysely';
import { UNCATEGORIZED_ID, UNCATEGORIZED_NAME } from '../../shared/schemas/docs.js';
import type { Database } from '../db/schema.js';
import { nextSeq } from './change-feed.js';

/** New users' settings (where the spec is silent, issue 2 decides). */
export const DEFAULT_ROTATION_TOYS_NUMBER = 8;

/** Creates a new user's settings row and the fixed Uncategorized category. */
export async function createUserDefaults(trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  await trx
    .insertInto('settings')
    .values({
      user_id: userId,
      rotation_toys_number: DEFAULT_ROTATION_TOYS_NUMBER,
      last_rotation_date: null,
      seq: await nextSeq(trx),
    })
    .execute();
  await trx
    .insertInto('lists')
    .values({
      user_id: userId,
      id: UNCATEGORIZED_ID,
      kind: 'category',
      name: UNCATEGORIZED_NAME,
      position: 0,
      created_at: now,
      seq: await nextSeq(trx),
    })
    .execute();
}
