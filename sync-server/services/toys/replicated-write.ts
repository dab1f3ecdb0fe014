import type { Transaction } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { Database, ReplicatedTable } from '../../db/schema.js';

/**
 * Runs a write to replicated tables in one transaction, then tells live sync streams. Every
 * row written inside must take `seq = await nextSeq(trx)` (and soft-delete, never delete),
 * so the sync engine's pulls see the change.
 */
export async function writeReplicated<T>(
  deps: Pick<AppDeps, 'db' | 'feed'>,
  userId: string,
  collections: ReplicatedTable[],
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute(write);
  deps.feed.publish(userId, collections);
  return result;
}

/** Parses a JSON array of ids stored in a text column; anything malformed reads as empty. */
export function parseIds(json: string | null | undefined): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
