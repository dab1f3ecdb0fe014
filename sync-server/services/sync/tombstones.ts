import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { Doc } from './merge.js';

// A deleted document stays deleted whatever is pushed later (merge.ts; a list made again under
// its name-derived id is a new list, with the pushed fields), so its content is never shown or
// merged again: a device only needs the tombstone (its id, `_deleted`, and fields that
// keep it a valid document). Keeping the rest would let deleted rows, which stay for sync up to
// the per-table cap, hold an account's disk: a rotation pushed as deleted with 500 toy ids and
// their observations is ~71 KB, a toy's free text ~5 KB (decision 010).

/** The stored form of a deleted document: its bulk cleared, still valid for its schema. */
export function asTombstone(table: SyncTable, doc: Doc): Doc {
  if (!doc._deleted) return doc;
  if (table === 'rotations') return { ...doc, toyIds: [], observations: {} };
  if (table === 'toys') return { ...doc, caption: '', location: null, feedback: null, retiredNote: null, collectionIds: [], childIds: [] };
  // A list keeps everything, createdAt above all: it tells a replayed create of its
  // name-derived id (stays deleted) from the list made again (comes back; decision 008).
  return doc;
}

/** A rotation that left the rolling history (quotas.ts) or was deleted. */
export const ROTATION_TOMBSTONE_ROW = { deleted: 1, toy_ids: '[]', observations: '{}' } as const;
