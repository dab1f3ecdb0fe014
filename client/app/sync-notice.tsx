import { useCallback, useState } from 'react';
import { Alert } from '../components/alert.js';
import { useSyncStatus } from '../session/session.js';

/**
 * A change the server refused during sync (for example over a plan limit) would otherwise
 * vanish silently from the parent's view; its reason shows here for 5 s.
 */
export function SyncNotice() {
  const { error } = useSyncStatus();
  const [shown, setShown] = useState<string | null>(null);
  const hide = useCallback(() => setShown(null), []);
  // A new error shows; adjusted while rendering (React's pattern for state that follows a prop).
  const [lastError, setLastError] = useState(error);
  if (error !== lastError) {
    setLastError(error);
    if (error) setShown(error);
  }
  if (!shown) return null;
  return (
    <div className="sync-notice">
      <Alert variant="warning" onHide={hide}>
        {shown}
      </Alert>
    </div>
  );
}
