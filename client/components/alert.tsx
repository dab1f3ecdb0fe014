import { useEffect, type ReactNode } from 'react';

type AlertVariant = 'danger' | 'success' | 'info' | 'warning';

/** Spec section 9: messages and banners hide after 5 seconds. */
export const MESSAGE_MS = 5000;

type AlertProps = {
  variant?: AlertVariant;
  children: ReactNode;
  /** When given, the alert asks to be hidden after `autoHideMs`. */
  onHide?: () => void;
  autoHideMs?: number;
  className?: string;
};

export function Alert({ variant = 'info', children, onHide, autoHideMs = MESSAGE_MS, className }: AlertProps) {
  useEffect(() => {
    if (!onHide) return;
    const timer = setTimeout(onHide, autoHideMs);
    return () => clearTimeout(timer);
  }, [onHide, autoHideMs, children]);

  return (
    <div
      className={['alert', `alert--${variant}`, className].filter(Boolean).join(' ')}
      role={variant === 'danger' ? 'alert' : 'status'}
    >
      <div>{children}</div>
    </div>
  );
}
