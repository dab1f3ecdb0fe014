import type { RxCollection } from 'rxdb';

// The sync code treats the four tables alike and reads fields by name.

/** A synced document as the sync code sees it (any of the four tables). */
export type SyncedDoc = Record<string, unknown>;

/**
 * RxDB's collection type is invariant in its document type (it both takes and returns
 * documents), so neither the union of the four table types nor `unknown` fits every table;
 * RxDB's own default document parameter does.
 */
export type SyncedTable = RxCollection;
