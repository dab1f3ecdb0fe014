import type { AppDeps } from '../../context.js';
import type { StoredName } from './media-store.js';

/**
 * A stored photo file that no media row names is removed once it is this old. A photo's file is
 * written inside the transaction that records it, just before the commit (and an import writes
 * its photos the same way), so a file with no row is either one whose write was refused or
 * rolled back, a leftover of a crash, or one whose transaction is still running: a day is far
 * longer than any of those can run.
 */
export const STRAY_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

const BATCH = 200;

/**
 * Removes stored objects (disk or S3) that no media row refers to, written before the grace
 * period; returns how many went. The daily job runs it after the orphan-photo clean-up.
 */
export async function removeStrayPhotoFiles(deps: Pick<AppDeps, 'db' | 'media' | 'now'>): Promise<number> {
  const writtenBefore = deps.now() - STRAY_FILE_GRACE_MS;
  let removed = 0;
  let batch: StoredName[] = [];
  const flush = async () => {
    const names = batch.map((entry) => entry.name);
    batch = [];
    const recorded = new Set((await deps.db.selectFrom('media').select('id').distinct().where('id', 'in', names).execute()).map((row) => row.id));
    for (const name of names) {
      if (recorded.has(name)) continue;
      // Checked again at the moment of deleting: an upload of the same bytes may have just
      // rewritten the file (its row commits after the write).
      await deps.media.delete(name, { writtenBefore });
      removed++;
    }
  };
  for await (const entry of deps.media.list()) {
    if (entry.writtenAt >= writtenBefore) continue;
    batch.push(entry);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return removed;
}
