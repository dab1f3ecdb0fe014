import { Alert } from '../../components/alert.js';
import type { TimedMessage } from '../../components/flash-message.js';

/** An auth screen's message; the hook that set it hides it after 5 s. */
export function Banner({ message }: { message: TimedMessage<'danger' | 'success' | 'info'> }) {
  if (!message) return null;
  return <Alert variant={message.variant}>{message.text}</Alert>;
}
