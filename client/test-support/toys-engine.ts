import type { ToyDatabase } from '../db/database.js';
import type { SyncRecords } from '../sync/engine/sync-records.js';
import { tableEngine } from '../sync/engine/table-engine.js';
import { createHttpClient } from '../sync/http.js';

/**
 * The toys table's sync engine alone, with `fetch` standing in for the server and no hooks: for
 * tests of one engine without the rest of sync (start-sync.ts wires the real ones).
 */
export function toysEngine(db: ToyDatabase, records: SyncRecords, fetch: typeof globalThis.fetch) {
  return tableEngine({
    name: 'toys',
    collection: db.collections.toys,
    http: createHttpClient({ baseUrl: 'http://server.test', getToken: () => 'token', fetch }),
    records,
    retryMs: 20,
    batchSize: 100,
    onSuccess: () => {},
    onError: () => {},
    onNotice: () => {},
    reconvergence: { giveBack: async () => new Map() },
  });
}
