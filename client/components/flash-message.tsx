/** `id` changes with every show, so a repeated text still re-renders (and is announced) anew. */
export type TimedMessage<V extends string = string> = { text: string; variant: V; id: number } | null;

/** A live region that is always in the page, so screen readers announce each message. */
export function FlashMessage({ message }: { message: TimedMessage }) {
  return (
    <div className="tr-flash-slot" aria-live="polite" aria-atomic="true">
      {message && (
        <p key={message.id} className={`alert alert--${message.variant} tr-flash`} data-testid="flash">
          {message.text}
        </p>
      )}
    </div>
  );
}
