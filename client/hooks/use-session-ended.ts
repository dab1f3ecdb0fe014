import { useSession, useSyncStatus } from '../session/session.js';

/** Whether the server no longer knows this device's session (the same test as the "Sign in to sync" chip). */
export function useSessionEnded(): boolean {
  const { needsSignIn } = useSession();
  const { state } = useSyncStatus();
  return needsSignIn || state === 'paused-auth';
}
