import { useEffect, useState } from 'react';
import { useDb } from '../../session/session.js';
import type { Plan } from '../../../shared/domain/plans.js';

/** The plan as last synced into the local settings document (works offline). */
export function useLocalPlan(): Plan | null {
  const db = useDb();
  const [plan, setPlan] = useState<Plan | null>(null);
  useEffect(() => {
    if (!db) return;
    const sub = db.settings.findOne().$.subscribe((doc) => setPlan(doc?.plan ?? null));
    return () => sub.unsubscribe();
  }, [db]);
  return plan;
}
