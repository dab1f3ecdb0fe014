import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { Database, HouseholdId } from '../../db/schema.js';

const versionQuery = compiledOnce((db: Kysely<Database>, owner: HouseholdId) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('toys').select((e) => e.fn.max('seq').as('v')).where('household_id', '=', owner).as('toy_seq'),
    eb.selectFrom('lists').select((e) => e.fn.max('seq').as('v')).where('household_id', '=', owner).as('list_seq'),
  ]),
);

/**
 * A version of what getusertoys answers for a household: the highest change-clock value of its
 * toys and of its lists (the answer names categories and collections), two index lookups
 * (`toys_user_seq`, `lists_user_seq`). It moves with every change because every insert or
 * update of a replicated row takes the next value of the one server-wide clock (change-feed.ts),
 * and soft deletes are updates. Rows are hard-deleted only a household at a time (its data
 * moved by a join, or the household deleted): its version then becomes "none", and an empty
 * household's answer is []. A hard delete of some rows only would need to change this key (a
 * count was tried: it costs a scan of the household's rows on every call, 55 us at 2,000 toys).
 * Read it before the data: data read after it is at least as new, never older.
 */
export async function toyListVersion(db: Kysely<Database>, owner: HouseholdId): Promise<string> {
  const [row] = await versionQuery(db, owner);
  return `${row?.toy_seq ?? '-'}.${row?.list_seq ?? '-'}`;
}
