import { useCallback, useState } from 'react';
import { errorText } from '../../i18n/server-messages.js';
import { useTimedMessage } from '../../hooks/use-timed-message.js';

/**
 * What every auth form shares: the busy button, the 5 s banner, and one way to run a request.
 * A failed request shows the server's {error} text, or nothing when it sent none (spec section 8).
 */
export function useAuthForm() {
  const [busy, setBusy] = useState(false);
  const { message, show } = useTimedMessage();

  const run = useCallback(
    async (request: () => Promise<void>, onFailure?: () => void) => {
      setBusy(true);
      try {
        await request();
      } catch (error) {
        onFailure?.();
        const text = errorText(error);
        if (text) show(text, 'danger');
      } finally {
        // After a successful login the page is already on its way out; this is then a no-op.
        setBusy(false);
      }
    },
    [show],
  );

  return { busy, message, show, run };
}
