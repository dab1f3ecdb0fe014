import { useEffect, useState } from 'react';
import { useDb } from '../../app/database-provider';

/** The plan as last synced into the local settings document (works offline). */
export function useLocalPlan(): 'free' | 'paid' | null {
  const db = useDb();
  const [plan, setPlan] = useState<'free' | 'paid' | null>(null);
  useEffect(() => {
    if (!db) return;
    const sub = db.settings.findOne().$.subscribe((doc) => setPlan(doc?.plan ?? null));
    return () => sub.unsubscribe();
  }, [db]);
  return plan;
}
