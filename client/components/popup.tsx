import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MESSAGE_MS } from './alert.js';

type PopupProps = { children: ReactNode; onHide: () => void; autoHideMs?: number };

/** A floating message at the bottom of the screen that hides itself after 5 s. */
export function Popup({ children, onHide, autoHideMs = MESSAGE_MS }: PopupProps) {
  useEffect(() => {
    const timer = setTimeout(onHide, autoHideMs);
    return () => clearTimeout(timer);
  }, [onHide, autoHideMs]);
  return createPortal(
    <div className="popup" role="status">
      {children}
    </div>,
    document.body,
  );
}
