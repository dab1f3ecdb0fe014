import type { Transaction } from 'kysely';
import type { ListDoc, RotationDoc, SettingsDoc, SyncCollection, ToyDoc } from '../../../shared/schemas/docs.js';
import type { Database, User } from '../../db/schema.js';
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

type Trx = Transaction<Database>;

/** The stored (master) state of the given documents, deleted ones included. */
export async function loadMasters(trx: Trx, user: User, collection: SyncCollection, ids: string[]): Promise<Map<string, Doc>> {
  const out = new Map<string, Doc>();
  if (ids.length === 0) return out;
  if (collection === 'settings') {
    const row = await trx.selectFrom('settings').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    if (row) out.set(user.id, settingsFromRow(row, user.plan));
    return out;
  }
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 200) {
    const chunk = unique.slice(i, i + 200);
    const base = trx.selectFrom(collection).selectAll().where('user_id', '=', user.id).where('id', 'in', chunk);
    const rows = await base.execute();
    for (const row of rows) {
      const doc =
        collection === 'toys'
          ? toyFromRow(row as Parameters<typeof toyFromRow>[0])
          : collection === 'lists'
            ? listFromRow(row as Parameters<typeof listFromRow>[0])
            : rotationFromRow(row as Parameters<typeof rotationFromRow>[0]);
      out.set(doc.id, doc);
    }
  }
  return out;
}

/** Stores one document with the next change-clock value (insert or update). */
export async function writeDoc(trx: Trx, userId: string, collection: SyncCollection, doc: Doc, isNew: boolean): Promise<void> {
  const seq = await nextSeq(trx);
  const id = doc.id as string;
  switch (collection) {
    case 'toys': {
      const values = { ...toyToRow(doc as WithDeleted<ToyDoc>), seq };
      if (isNew) await trx.insertInto('toys').values({ user_id: userId, id, ...values }).execute();
      else await trx.updateTable('toys').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
      return;
    }
    case 'lists': {
      const values = { ...listToRow(doc as WithDeleted<ListDoc>), seq };
      if (isNew) await trx.insertInto('lists').values({ user_id: userId, id, ...values }).execute();
      else await trx.updateTable('lists').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
      return;
    }
    case 'rotations': {
      const values = { ...rotationToRow(doc as WithDeleted<RotationDoc>), seq };
      if (isNew) await trx.insertInto('rotations').values({ user_id: userId, id, ...values }).execute();
      else await trx.updateTable('rotations').set(values).where('user_id', '=', userId).where('id', '=', id).execute();
      return;
    }
    case 'settings': {
      const values = { ...settingsToRow(doc as WithDeleted<SettingsDoc>), seq };
      if (isNew) await trx.insertInto('settings').values({ user_id: userId, ...values }).execute();
      else await trx.updateTable('settings').set(values).where('user_id', '=', userId).execute();
      return;
    }
  }
}
