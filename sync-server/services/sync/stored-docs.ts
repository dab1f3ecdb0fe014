import type { Transaction } from 'kysely';
import type { ListDoc, RotationDoc, SettingsDoc, SyncTable, ToyDoc } from '../../../shared/schemas/docs.js';
import type { Database, ListRow, RotationRow, SettingsRow, ToyRow } from '../../db/schema.js';
import { currentActor } from '../../lib/actor.js';
import { nextSeq } from '../change-feed.js';
import type { Doc } from './merge.js';
import {
  listFromRow,
  listToRow,
  rotationFromRow,
  rotationToRow,
  settingsFromRow,
  settingsToRow,
  toyFromRow,
  toyToRow,
  type WithDeleted,
} from './row-mapping.js';
import type { PlanScope } from '../household/owner.js';

type Trx = Transaction<Database>;

/**
 * How one replicated table stores its documents: the ONE write path of that table, and the one
 * way its rows are read back as documents. Sync pushes and the REST services both write through
 * writeDoc, and pull, digest and merge read through `fromRow`, so a new column is mapped once,
 * in row-mapping.ts. `key` is the document's id (settings: the user id, one row per user).
 */
type DocTable = {
  /** The replicated document of a stored row; settings carry the household's plan. */
  fromRow(row: unknown, user: PlanScope): Doc;
  insert(trx: Trx, userId: string, key: string, doc: Doc, seq: number): Promise<unknown>;
  update(trx: Trx, userId: string, key: string, doc: Doc, seq: number): Promise<unknown>;
};

const docTables: Record<SyncTable, DocTable> = {
  toys: {
    fromRow: (row) => toyFromRow(row as ToyRow),
    insert: (trx, userId, id, doc, seq) =>
      trx.insertInto('toys').values({ user_id: userId, id, ...toyToRow(doc as WithDeleted<ToyDoc>), seq }).execute(),
    update: (trx, userId, id, doc, seq) =>
      trx.updateTable('toys').set({ ...toyToRow(doc as WithDeleted<ToyDoc>), seq }).where('user_id', '=', userId).where('id', '=', id).execute(),
  },
  lists: {
    fromRow: (row) => listFromRow(row as ListRow),
    insert: (trx, userId, id, doc, seq) =>
      trx.insertInto('lists').values({ user_id: userId, id, ...listToRow(doc as WithDeleted<ListDoc>), seq }).execute(),
    update: (trx, userId, id, doc, seq) =>
      trx.updateTable('lists').set({ ...listToRow(doc as WithDeleted<ListDoc>), seq }).where('user_id', '=', userId).where('id', '=', id).execute(),
  },
  rotations: {
    fromRow: (row) => rotationFromRow(row as RotationRow),
    // The first store fixes the rotation's place in the server's order (decision 008).
    insert: (trx, userId, id, doc, seq) =>
      trx
        .insertInto('rotations')
        .values({ user_id: userId, id, ...rotationToRow(doc as WithDeleted<RotationDoc>), seq, accepted_seq: seq })
        .execute(),
    update: (trx, userId, id, doc, seq) =>
      trx
        .updateTable('rotations')
        .set({ ...rotationToRow(doc as WithDeleted<RotationDoc>), seq })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .execute(),
  },
  settings: {
    fromRow: (row, user) => settingsFromRow(row as SettingsRow, user.plan),
    insert: (trx, userId, _key, doc, seq) =>
      trx.insertInto('settings').values({ user_id: userId, ...settingsToRow(doc as WithDeleted<SettingsDoc>), seq }).execute(),
    update: (trx, userId, _key, doc, seq) =>
      trx.updateTable('settings').set({ ...settingsToRow(doc as WithDeleted<SettingsDoc>), seq }).where('user_id', '=', userId).execute(),
  },
};

/** The stored (master) state of the given documents, deleted ones included. */
export async function loadMasters(trx: Trx, user: PlanScope, table: SyncTable, ids: string[]): Promise<Map<string, Doc>> {
  const out = new Map<string, Doc>();
  if (ids.length === 0) return out;
  const { fromRow } = docTables[table];
  if (table === 'settings') {
    const row = await trx.selectFrom('settings').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    if (row) out.set(user.id, fromRow(row, user));
    return out;
  }
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200);
    const rows = await trx.selectFrom(table).selectAll().where('user_id', '=', user.id).where('id', 'in', chunk).execute();
    for (const row of rows) out.set(row.id, fromRow(row, user));
  }
  return out;
}

/** Stored rows of `table` as replicated documents (the mapping pull and digest share with merges). */
export function docsFromRows(table: SyncTable, rows: readonly unknown[], user: PlanScope): Doc[] {
  const { fromRow } = docTables[table];
  return rows.map((row) => fromRow(row, user));
}

/**
 * Stores one document with the next change-clock value (insert or update). Toys and rotations
 * are stamped with who acted (actor.ts): createdBy on insert, a toy's updatedBy on every write;
 * with `keepAuthors` the document's own createdBy/updatedBy are stored instead (data moved
 * between households by a join is no one's edit).
 */
export async function writeDoc(trx: Trx, userId: string, table: SyncTable, doc: Doc, isNew: boolean, options: { keepAuthors?: boolean } = {}): Promise<void> {
  const seq = await nextSeq(trx);
  const store = docTables[table];
  await (isNew ? store.insert : store.update)(trx, userId, doc.id as string, options.keepAuthors ? doc : stampActor(table, doc, isNew), seq);
}

function stampActor(table: SyncTable, doc: Doc, isNew: boolean): Doc {
  const actor = currentActor();
  if (table === 'toys') {
    return { ...doc, createdBy: isNew ? actor : (doc.createdBy ?? null), updatedBy: actor ?? doc.updatedBy ?? null };
  }
  if (table === 'rotations') return { ...doc, createdBy: isNew ? actor : (doc.createdBy ?? null) };
  return doc;
}

/** A new document of `table` (REST creates and server-made rows take the same path as pushes). */
export async function insertDoc<C extends SyncTable>(trx: Trx, userId: string, table: C, doc: DocOf[C]): Promise<void> {
  await writeDoc(trx, userId, table, { ...doc, _deleted: false }, true);
}

type DocOf = { toys: ToyDoc; lists: ListDoc; rotations: RotationDoc; settings: SettingsDoc };
