import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_MS } from '../components/alert.js';
import type { TimedMessage } from '../components/flash-message.js';

export type MessageVariant = 'danger' | 'success' | 'info';

/** Shows a message for the 5 s of spec section 9; screens pass it to their children. */
export type ShowMessage<V extends string = MessageVariant> = (text: string, variant: V) => void;

/**
 * A message that clears itself after 5 s (spec section 9). Showing a new message restarts
 * the clock; the timer is dropped on unmount so no state is set on a gone component.
 */
export function useTimedMessage<V extends string = MessageVariant>(ms = MESSAGE_MS) {
  const [message, setMessage] = useState<TimedMessage<V>>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const nextId = useRef(0);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback<ShowMessage<V>>(
    (text, variant) => {
      clearTimeout(timer.current);
      nextId.current += 1;
      setMessage({ text, variant, id: nextId.current });
      timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
