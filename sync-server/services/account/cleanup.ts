import type { AppDeps } from '../../context.js';
import { removeOrphanPhotos } from '../media/orphan-photos.js';
import { removeStrayPhotoFiles } from '../media/stray-files.js';
import { deleteUser } from './delete-user.js';

/** The terms promise it: accounts with no login or sync for a year are deleted. */
export const INACTIVE_ACCOUNT_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CleanupReport = {
  inactiveUsersDeleted: number;
  sessionsPurged: number;
  passwordResetsPurged: number;
  captchaUsesPurged: number;
  orphanPhotosRemoved: number;
  /** Stored photo files no media row names (a refused or crashed write), past their grace period. */
  strayPhotoFilesRemoved: number;
};

/** The daily housekeeping: inactive accounts (with their photos), then expired or used tokens. */
export async function runDailyCleanup(deps: Pick<AppDeps, 'db' | 'feed' | 'env' | 'now' | 'log' | 'media'>): Promise<CleanupReport> {
  const now = deps.now();
  const inactive = await deps.db
    .selectFrom('users')
    .select('id')
    .where('last_active_at', '<', now - INACTIVE_ACCOUNT_MS)
    .execute();
  let inactiveUsersDeleted = 0;
  // One user at a time: each deletion is its own transaction, and a failure stops nothing else.
  for (const { id } of inactive) {
    try {
      if (await deleteUser(deps, id)) inactiveUsersDeleted++;
    } catch (error) {
      deps.log(`could not delete inactive account ${id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const sessions = await deps.db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  const resets = await deps.db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  const captchas = await deps.db.deleteFrom('captcha_uses').where('expires_at', '<=', now).executeTakeFirst();
  // Forgot-password requests are mailed within seconds; a day later the row is only a record of an address.
  await deps.db.deleteFrom('reset_requests').where('processed_at', '<=', now - DAY_MS).execute();
  const orphanPhotosRemoved = await removeOrphanPhotos(deps);
  const strayPhotoFilesRemoved = await removeStrayPhotoFiles(deps);
  return {
    inactiveUsersDeleted,
    sessionsPurged: Number(sessions.numDeletedRows),
    passwordResetsPurged: Number(resets.numDeletedRows),
    captchaUsesPurged: Number(captchas.numDeletedRows),
    orphanPhotosRemoved,
    strayPhotoFilesRemoved,
  };
}
