import { databaseName, removeUserDatabase } from '../db/database.js';
import { deleteMediaCache } from './photos.js';
import { deleteSyncRecords } from './engine/sync-records.js';

/**
 * Logout, account deletion and leaving a household: that household's local database goes, and
 * with it what sync keeps beside it (the sync records, the photo cache). It lives here, not
 * in client/db, so the database layer does not depend on the sync engine built on it.
 */
export async function removeHouseholdData(householdId: string, options: Parameters<typeof removeUserDatabase>[1] = {}): Promise<void> {
  await removeUserDatabase(householdId, options);
  await deleteSyncRecords(options.name ?? databaseName(householdId));
  await deleteMediaCache(householdId);
}
