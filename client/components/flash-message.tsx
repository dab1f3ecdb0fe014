import type { Flash } from './use-flash.js';

/** A live region that is always in the page, so screen readers announce each message. */
export function FlashMessage({ flash }: { flash: Flash | null }) {
  return (
    <div className="tr-flash-slot" aria-live="polite" aria-atomic="true">
      {flash && (
        <p key={flash.key} className={`alert alert--${flash.tone} tr-flash`} data-testid="flash">
          {flash.text}
        </p>
      )}
    </div>
  );
}
