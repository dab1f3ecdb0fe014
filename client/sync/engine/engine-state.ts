import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import type { Doc } from '../protocol-fields.js';
import { initialTable, type TableState } from '../protocol.js';
import type { StoredRecord, StoredTable } from './record-types.js';

// The protocol core's state of one table (protocol.ts) to and from what the engine persists
// (sync-records.ts) and what the collection holds.

export type EngineState = TableState<SyncCheckpoint>;
type DocRecord = EngineState['docs'][string];

/**
 * The state a page load starts from: the collection's documents and the records. A push that
 * was on its way when the page went is one whose answer was lost (request null), as the core's
 * `reload` would make it.
 */
export function loadedState(locals: Map<string, Doc>, records: Map<string, StoredRecord>, table: StoredTable): EngineState {
  const docs: Record<string, DocRecord> = {};
  for (const id of new Set([...locals.keys(), ...records.keys()])) {
    const local = locals.get(id);
    const record = records.get(id);
    docs[id] = {
      ...(local ? { local } : {}),
      ...(record?.base ? { base: record.base } : {}),
      ...(record?.sent ? { sent: { doc: record.sent.doc, ...(record.sent.base ? { base: record.sent.base } : {}), request: null } } : {}),
      ...(record?.repull ? { repull: true as const } : {}),
    };
  }
  return { ...initialTable<SyncCheckpoint>(), docs, checkpoint: table.checkpoint, rewind: table.rewind };
}

/** What is kept of a document's record across reloads (undefined: nothing). */
export function storedRecord(record: DocRecord | undefined): StoredRecord | undefined {
  if (!record || (!record.base && !record.sent && !record.repull)) return undefined;
  return {
    ...(record.base ? { base: record.base } : {}),
    ...(record.sent ? { sent: { doc: record.sent.doc, ...(record.sent.base ? { base: record.sent.base } : {}) } } : {}),
    ...(record.repull ? { repull: true as const } : {}),
  };
}

export function storedTable(state: EngineState): StoredTable {
  return { checkpoint: state.checkpoint, rewind: state.rewind };
}
