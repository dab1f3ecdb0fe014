import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import type { Doc } from '../protocol-fields.js';

// The shapes the engine keeps across reloads (sync-records.ts): per document, and per table.

export type StoredRecord = { base?: Doc; sent?: { doc: Doc; base?: Doc }; repull?: true };
export type StoredTable = { checkpoint: SyncCheckpoint | null; rewind: { from: SyncCheckpoint | null } | null };
