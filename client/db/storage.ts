// Browser storage for the offline copy: ask once per household database, after it opens, that
// it be kept (not evicted under storage pressure). Settings shows the answer
// (features/settings/storage-info.tsx). Once only: some browsers show a prompt, and a parent who
// said no should not be asked again. The device's database is the household's (decision 017),
// so the mark is kept per household id (a solo account's household before households existed
// had the user's id, so marks written then still count).

const askedKey = (householdId: string) => `persistentStorageAsked:${householdId}`;

type PersistManager = Pick<StorageManager, 'persist' | 'persisted'>;

/** Whether the data is kept now; null when asked before for this household (nothing done). */
export async function askPersistentStorageOnce(
  householdId: string,
  storage: Storage,
  manager: PersistManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<boolean | null> {
  if (storage.getItem(askedKey(householdId)) !== null) return null;
  storage.setItem(askedKey(householdId), String(Date.now()));
  if (!manager?.persist) return false;
  try {
    return (await manager.persisted()) || (await manager.persist());
  } catch {
    return false; // Not supported or refused: the data still works, it may just be evicted.
  }
}
