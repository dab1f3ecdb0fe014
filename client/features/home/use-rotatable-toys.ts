import { useEffect, useState } from 'react';
import { useDb } from '../../session/session.js';

/**
 * Whether a rotation could bring any toy out: one not left out of rotations and not retired
 * (the rule of client/db/ops/rotation.ts), live from the local database; undefined until read.
 * A query for one such toy, which stops at the first it finds.
 */
export function useHasRotatableToys(): boolean | undefined {
  const db = useDb();
  const [latest, setLatest] = useState<{ db: typeof db; any: boolean } | null>(null);
  useEffect(() => {
    if (!db) return;
    const subscription = db.toys
      .findOne({ selector: { excluded: false, retired: false } })
      .$.subscribe((toy) => setLatest({ db, any: toy !== null }));
    return () => subscription.unsubscribe();
  }, [db]);
  return db && latest?.db === db ? latest.any : undefined;
}
