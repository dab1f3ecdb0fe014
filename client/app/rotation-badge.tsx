import { useEffect, useMemo } from 'react';
import { isRotationDue } from '../../shared/domain/schedule.js';
import { useDb } from '../session/session.js';
import { namedChildren } from '../hooks/use-children.js';
import { useSettings } from '../hooks/use-local-data.js';
import { useNow } from '../hooks/use-now.js';

type BadgingNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The number of children whose rotation is due, on the installed app's icon (Badging API, where supported). */
export function RotationBadge() {
  const db = useDb();
  const settings = useSettings(db);
  const now = useNow();
  const due = useMemo(
    () => (settings ? namedChildren(settings).filter((child) => isRotationDue(child, settings.timeZone, now)).length : 0),
    [settings, now],
  );
  useEffect(() => {
    const nav = navigator as BadgingNavigator;
    if (typeof nav.setAppBadge !== 'function' || typeof nav.clearAppBadge !== 'function') return;
    const done = due > 0 ? nav.setAppBadge(due) : nav.clearAppBadge();
    done.catch(() => undefined); // not installed, or the platform declines: nothing to tell the parent
  }, [due]);
  return null;
}
