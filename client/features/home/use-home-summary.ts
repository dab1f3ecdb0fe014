import { useEffect, useState } from 'react';
import { useDb } from '../../app/database-provider';

export type HomeSummary = { toys: number; lastRotationDate: number | null; rotationToysNumber: number } | null;

/** Live toy count and last rotation from the local database (null until it is open). */
export function useHomeSummary(): HomeSummary {
  const db = useDb();
  const [summary, setSummary] = useState<HomeSummary>(null);

  useEffect(() => {
    if (!db) {
      setSummary(null);
      return;
    }
    let toys = 0;
    let lastRotationDate: number | null = null;
    let rotationToysNumber = 0;
    const publish = () => setSummary({ toys, lastRotationDate, rotationToysNumber });
    const toysSub = db.toys.count().$.subscribe((count) => {
      toys = count;
      publish();
    });
    const settingsSub = db.settings.findOne().$.subscribe((doc) => {
      lastRotationDate = doc?.lastRotationDate ?? null;
      rotationToysNumber = doc?.rotationToysNumber ?? 0;
      publish();
    });
    return () => {
      toysSub.unsubscribe();
      settingsSub.unsubscribe();
    };
  }, [db]);

  return summary;
}
