import Dexie, { type Table } from 'dexie';
import type { Doc } from '../protocol-fields.js';
import type { StoredRecord } from './record-types.js';

// Devices that synced before this engine (decision 054) kept, beside RxDB's own replication
// state, the last state agreed with the server per document in `{database}-pulled-bases`
// (keys `{table}:{id}`) and the pushes not answered yet (keys `sent:{table}:{id}`). A table's
// first load with the engine takes its bases from there: without one, an edit waiting at the
// upgrade would go up as a create, and the server's state would win over it.

type OldRow = { key: string; doc: Doc; base?: Doc };

function oldName(databaseName: string): string {
  return `${databaseName}-pulled-bases`;
}

export async function oldBases(databaseName: string, table: string): Promise<Map<string, StoredRecord>> {
  const out = new Map<string, StoredRecord>();
  if (!(await Dexie.exists(oldName(databaseName)))) return out;
  const db = new Dexie(oldName(databaseName)) as Dexie & { bases: Table<OldRow, string> };
  db.version(1).stores({ bases: '&key' });
  try {
    for (const row of await db.bases.where('key').startsWith(`${table}:`).toArray()) out.set(String(row.doc.id), { base: row.doc });
    for (const row of await db.bases.where('key').startsWith(`sent:${table}:`).toArray()) {
      const id = String(row.doc.id);
      out.set(id, { ...out.get(id), sent: { doc: row.doc, ...(row.base ? { base: row.base } : {}) } });
    }
    return out;
  } finally {
    db.close();
  }
}

/** Logout: what the earlier sync kept goes with the database too. */
export async function deleteOldBases(databaseName: string): Promise<void> {
  await Dexie.delete(oldName(databaseName));
}
