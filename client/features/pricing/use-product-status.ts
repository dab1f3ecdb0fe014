import { useCallback, useEffect, useState } from 'react';
import type { ProductStatus } from '../../../shared/schemas/billing.js';
import { useSession } from '../../session/session.js';
import { loadProductStatus } from './billing-api.js';

/**
 * The server's billing status for the signed-in user (null while unknown, signed out,
 * or when payments are off). Asked again when the token changes, when the network comes
 * back and when the tab becomes visible again (e.g. after returning from the billing portal).
 */
export function useProductStatus(): { status: ProductStatus | null; refresh: () => void } {
  // The session re-reads the stored token every 5 s (spec section 9), so a switch shows here too.
  const { token } = useSession();
  // Kept with the token it belongs to, so another user's status never shows after a switch.
  const [known, setKnown] = useState<{ token: string; status: ProductStatus } | null>(null);
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && refresh();
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    loadProductStatus(token, controller.signal).then(
      (next) => {
        // Offline or payments off: keep what we knew for this token rather than hide a notice.
        if (next) setKnown({ token, status: next });
      },
      () => {}, // aborted: the component left or a newer request started
    );
    return () => controller.abort();
  }, [token, round]);

  return { status: known && known.token === token ? known.status : null, refresh };
}
