import { useEffect, useState } from 'react';
import { activeToys } from '../../../shared/domain/children.js';
import { useDb } from '../../session/session.js';

export type HomeSummary = { toys: number; lastRotationDate: number | null; rotationToysNumber: number } | null;

/** Live active toy count and last rotation from the local database (null until it is open). */
export function useHomeSummary(): HomeSummary {
  const db = useDb();
  // Kept with the database it was read from, so a closed or switched database shows null at once.
  const [latest, setLatest] = useState<{ db: typeof db; summary: HomeSummary }>({ db: null, summary: null });

  useEffect(() => {
    if (!db) return;
    let toys = 0;
    let lastRotationDate: number | null = null;
    let rotationToysNumber = 0;
    const publish = () => setLatest({ db, summary: { toys, lastRotationDate, rotationToysNumber } });
    // The active inventory (retired toys left it), the count the Inventory screen shows.
    const toysSub = db.toys.find().$.subscribe((docs) => {
      toys = activeToys(docs).length;
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

  return db && latest.db === db ? latest.summary : null;
}
