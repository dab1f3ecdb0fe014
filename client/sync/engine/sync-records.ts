import Dexie, { type Table } from 'dexie';
import type { SyncCheckpoint } from '../../../shared/schemas/sync.js';
import { deleteOldBases } from './old-bases.js';
import type { StoredRecord, StoredTable } from './record-types.js';

// What the sync engine keeps per table across reloads (decision 054): per document the state
// last agreed with the server (`base`), a push whose answer has not come (`sent`) and a pull
// to repeat once it is answered (`repull`); per table the pull checkpoint and the rewind. The
// document itself is the collection's; "waiting" is read by comparing it with `base`, so a
// crash between a local write and a record write cannot lose an edit.


type DocRow = StoredRecord & { key: string };
type TableRow = StoredTable & { table: string };

export type SyncRecords = {
  /** `fresh`: nothing was ever recorded for this table (its first load with this engine). */
  load(table: string): Promise<{ docs: Map<string, StoredRecord>; table: StoredTable; fresh: boolean }>;
  /** The records of these documents (undefined: none left) and the table's row, in one transaction. */
  save(table: string, docs: [string, StoredRecord | undefined][], row: StoredTable): Promise<void>;
  /** The records of these documents, where there are any (every tab reads the same ones). */
  recordsOf(table: string, ids: string[]): Promise<Map<string, StoredRecord>>;
  /** Where the table's pulls stand, as last recorded. */
  checkpointOf(table: string): Promise<SyncCheckpoint | null>;
  close(): void;
};

function recordsName(databaseName: string): string {
  return `${databaseName}-sync-records`;
}

type RecordsDb = Dexie & { docs: Table<DocRow, string>; positions: Table<TableRow, string> };

function openRecordsDb(databaseName: string): RecordsDb {
  const db = new Dexie(recordsName(databaseName)) as RecordsDb;
  db.version(1).stores({ docs: '&key', positions: '&table' });
  return db;
}

const prefix = (table: string) => `${table}:`;

export function openSyncRecords(databaseName: string): SyncRecords {
  const db = openRecordsDb(databaseName);
  return {
    async load(table) {
      return db.transaction('r', db.docs, db.positions, async () => {
        const rows = await db.docs.where('key').startsWith(prefix(table)).toArray();
        const row = await db.positions.get(table);
        const docs = new Map(rows.map(({ key, ...record }) => [key.slice(prefix(table).length), record]));
        return { docs, table: { checkpoint: row?.checkpoint ?? null, rewind: row?.rewind ?? null }, fresh: !row && rows.length === 0 };
      });
    },
    async save(table, docs, row) {
      const put = docs.filter((entry): entry is [string, StoredRecord] => !!entry[1]).map(([id, record]) => ({ key: prefix(table) + id, ...record }));
      const gone = docs.filter(([, record]) => !record).map(([id]) => prefix(table) + id);
      await db.transaction('rw', db.docs, db.positions, async () => {
        if (put.length > 0) await db.docs.bulkPut(put);
        if (gone.length > 0) await db.docs.bulkDelete(gone);
        await db.positions.put({ table, ...row });
      });
    },
    async recordsOf(table, ids) {
      const rows = await db.docs.bulkGet(ids.map((id) => prefix(table) + id));
      return new Map(rows.flatMap((row, i) => (row ? [[ids[i]!, row] as const] : [])));
    },
    checkpointOf: async (table) => (await db.positions.get(table))?.checkpoint ?? null,
    close: () => db.close(),
  };
}

/** Logout: the records go with the database. */
export async function deleteSyncRecords(databaseName: string): Promise<void> {
  await Dexie.delete(recordsName(databaseName));
  await deleteOldBases(databaseName);
}
