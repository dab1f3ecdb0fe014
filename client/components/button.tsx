import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.js';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  block?: boolean;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
  icon?: ReactNode;
};

export function buttonClass(variant: ButtonVariant = 'primary', size = 'normal', block = false): string {
  return ['btn', variant !== 'primary' && `btn--${variant}`, size === 'small' && 'btn--small', block && 'btn--block']
    .filter(Boolean)
    .join(' ');
}

export function Button({ variant = 'primary', size = 'normal', block, busy, icon, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={[buttonClass(variant, size, block), className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner label="" /> : icon}
      {children}
    </button>
  );
}
