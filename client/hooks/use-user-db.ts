import { useDb } from '../session/session.js';
import { useSession } from '../session/session.js';
import type { ToyDatabase } from '../db/database.js';

export type UserDb = {
  db: ToyDatabase | null;
  /** Whose data this is: the household's id (its photos are kept under it too; decision 017). */
  householdId: string | null;
  /** Signed in but the local database is still opening: show a spinner, not guest placeholders. */
  opening: boolean;
  /** No database and none coming: the spec's guest placeholders apply. */
  guest: boolean;
};

export function useUserDb(): UserDb {
  const db = useDb();
  const { householdId, signedIn } = useSession();
  const opening = !db && signedIn && Boolean(householdId);
  return { db, householdId: db?.householdId ?? householdId, opening, guest: !db && !opening };
}
