import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The language of the account with this email (users.language), or null: no account, or one
 * whose devices have not said yet. Emails are stored lowercased, as the schemas write them.
 */
export async function accountLanguage(db: Kysely<Database> | Transaction<Database>, email: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row?.language ?? null;
}
