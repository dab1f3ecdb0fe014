import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_MS } from './alert';

export type TimedMessage<V extends string = string> = { text: string; variant: V } | null;

/**
 * A message that clears itself after 5 s (spec section 9). Showing a new message restarts
 * the clock; the timer is dropped on unmount so no state is set on a gone component.
 */
export function useTimedMessage<V extends string = 'danger' | 'success' | 'info'>(ms = MESSAGE_MS) {
  const [message, setMessage] = useState<TimedMessage<V>>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string, variant: V) => {
      clearTimeout(timer.current);
      setMessage({ text, variant });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
