import { useEffect } from 'react';
import { useSession } from '../session/session.js';
import { followLanguageElsewhere, syncLanguage } from './language-sync.js';

/**
 * Keeps the person's language in step for as long as the app runs (decision 042): a choice made
 * in another tab shows here; at start, at every sign-in (a new token) and when the network is back,
 * a choice made here offline goes out and one made on another device comes in. Renders nothing.
 */
export function FollowLanguage(): null {
  const { token } = useSession();
  useEffect(() => followLanguageElsewhere(), []);
  useEffect(() => {
    if (!token) return;
    void syncLanguage();
    const online = () => void syncLanguage();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [token]);
  return null;
}
