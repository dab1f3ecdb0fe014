import { useCallback, useEffect, useState } from 'react';
import { Alert } from '../components/alert';
import { useSyncStatus } from './database-provider';

/**
 * A change the server refused during sync (for example over a plan limit) would otherwise
 * vanish silently from the parent's view; its reason shows here for 5 s.
 */
export function SyncNotice() {
  const { error } = useSyncStatus();
  const [shown, setShown] = useState<string | null>(null);
  const hide = useCallback(() => setShown(null), []);
  useEffect(() => {
    if (error) setShown(error);
  }, [error]);
  if (!shown) return null;
  return (
    <div className="sync-notice">
      <Alert variant="warning" onHide={hide}>
        {shown}
      </Alert>
    </div>
  );
}
