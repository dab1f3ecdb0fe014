import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { PlanScope } from '../household/owner.js';
import { REPLICATED } from '../replicated/registry.js';
import type { Doc } from './merge.js';

// Stored rows are read back as replicated documents through their table's entry in the
// registry (replicated/registry.ts), the mapping every write stores them with, so pull, digest
// and merge see one shape; a new column is mapped once, in row-mapping.ts.

/** Stored rows of `table` as replicated documents (the mapping pull and digest share with merges). */
export function docsFromRows(table: SyncTable, rows: readonly unknown[], user: PlanScope): Doc[] {
  const { fromRow } = REPLICATED[table];
  return rows.map((row) => fromRow(row, user));
}
