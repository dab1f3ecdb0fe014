import { useDb } from '../app/database-provider.js';
import { useSession } from '../app/session.js';
import type { LocalDb } from './use-local-data.js';

export type UserDb = {
  db: LocalDb | null;
  userId: string | null;
  /** Signed in but the local database is still opening: show a spinner, not guest placeholders. */
  opening: boolean;
  /** No database and none coming: the spec's guest placeholders apply. */
  guest: boolean;
};

export function useUserDb(): UserDb {
  const db = useDb();
  const { userId, signedIn } = useSession();
  const opening = !db && signedIn && Boolean(userId);
  return { db, userId: db?.userId ?? userId, opening, guest: !db && !opening };
}
