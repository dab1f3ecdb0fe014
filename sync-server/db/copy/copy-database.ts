import { sql } from 'kysely';
import type { MediaStore } from '../../services/media/media-store.js';
import { postgresPool, type DB } from '../database.js';

// Moves a family server from SQLite to PostgreSQL: every row of every table, as is. Ids and
// the change clock (`change_clock` and each row's `seq`) are kept, so devices keep syncing
// from their checkpoints without a reset, and sessions stay signed in.

export type CopyReport = { table: string; rows: number }[];

const BATCH_ROWS = 500;

/** Copies every table of `from` into the empty PostgreSQL database `to`, in one transaction. */
export async function copyDatabase(from: DB, to: DB): Promise<CopyReport> {
  if (!postgresPool(to)) throw new Error('--to must be a PostgreSQL database (postgres://...)');
  const existing = await to.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) {
    throw new Error(`The target database already holds ${existing.n} accounts: copy into an empty database (nothing was changed).`);
  }
  const sourceTables = new Set((await from.introspection.getTables()).map((t) => t.name));
  const tables = await tablesInForeignKeyOrder(to);
  const missing = [...sourceTables].filter((name) => !name.startsWith('kysely_') && !tables.includes(name));
  if (missing.length > 0) throw new Error(`The target has no table ${missing.join(', ')}: are both on the same version?`);

  return to.transaction().execute(async (trx) => {
    // The target was just migrated: drop its seed rows (the change clock at 0) for the source's.
    for (const table of [...tables].reverse()) await trx.deleteFrom(table as never).execute();
    const report: CopyReport = [];
    for (const table of tables) {
      if (!sourceTables.has(table)) continue;
      let rows = 0;
      for (let offset = 0; ; offset += BATCH_ROWS) {
        const batch = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by rowid limit ${BATCH_ROWS} offset ${offset}`.execute(from);
        if (batch.rows.length === 0) break;
        await trx.insertInto(table as never).values(batch.rows as never).execute();
        rows += batch.rows.length;
      }
      report.push({ table, rows });
    }
    return report;
  });
}

/** The target's tables (no migration bookkeeping), each after the tables its foreign keys point to. */
async function tablesInForeignKeyOrder(db: DB): Promise<string[]> {
  const names = (await db.introspection.getTables())
    .map((t) => t.name)
    .filter((name) => !name.startsWith('kysely_'));
  const { rows } = await sql<{ child: string; parent: string }>`
    select distinct tc.table_name as child, ccu.table_name as parent
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = tc.constraint_name and ccu.constraint_schema = tc.constraint_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(db);
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name) || path.includes(name)) return;
    for (const { parent } of rows.filter((r) => r.child === name && r.parent !== name)) visit(parent, [...path, name]);
    ordered.push(name);
  };
  for (const name of [...new Set(names)].sort()) visit(name, []);
  return ordered;
}

/**
 * Copies the photos the database knows into another media store (the disk of a family server
 * into the bucket of MEDIA_STORE=s3). Returns how many were copied and which were missing.
 */
export async function copyMedia(db: DB, from: MediaStore, to: MediaStore): Promise<{ copied: number; missing: string[] }> {
  const rows = await db.selectFrom('media').select(['id', 'mime']).distinct().execute();
  let copied = 0;
  const missing: string[] = [];
  for (const { id, mime } of rows) {
    const bytes = await from.get(id);
    if (!bytes) {
      missing.push(id);
      continue;
    }
    await to.put(id, bytes, mime);
    copied++;
  }
  return { copied, missing };
}
