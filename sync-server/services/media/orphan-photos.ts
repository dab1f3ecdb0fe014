import type { ExpressionBuilder } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { deleteUnusedMediaFiles } from './media-store.js';

/**
 * A photo no live toy of its uploader uses any more (the toy was deleted or re-photographed, or
 * its toy never arrived) is removed this long after the daily job first saw it unused; a toy
 * that uses it again meanwhile keeps it. Long enough for a device that uploaded a photo to push
 * its toy after a few days offline.
 */
export const ORPHAN_PHOTO_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** Marks, unmarks and removes orphan photos; returns how many media rows were removed. */
export async function removeOrphanPhotos(deps: Pick<AppDeps, 'db' | 'media' | 'now'>): Promise<number> {
  const now = deps.now();
  const db = deps.db;
  const usedBy = (eb: ExpressionBuilder<Database, 'media'>) =>
    eb.exists(
      eb
        .selectFrom('toys')
        .select('toys.id')
        .whereRef('toys.household_id', '=', 'media.household_id')
        .whereRef('toys.media_id', '=', 'media.id')
        .where('toys.deleted', '=', 0),
    );
  await db
    .updateTable('media')
    .set({ orphaned_at: now })
    .where('orphaned_at', 'is', null)
    .where((eb) => eb.not(usedBy(eb)))
    .execute();
  await db
    .updateTable('media')
    .set({ orphaned_at: null })
    .where('orphaned_at', 'is not', null)
    .where((eb) => usedBy(eb))
    .execute();
  const expired = await db
    .deleteFrom('media')
    .where('orphaned_at', '<=', now - ORPHAN_PHOTO_GRACE_MS)
    .where((eb) => eb.not(usedBy(eb)))
    .returning('id')
    .execute();
  await deleteUnusedMediaFiles(db, deps.media, expired.map((row) => row.id));
  return expired.length;
}
