import type { ButtonHTMLAttributes, ReactNode } from 'react';

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Accessible name: icon-only buttons must say what they do. */
  label: string;
  filled?: boolean;
  children: ReactNode;
};

export function IconButton({ label, filled, className, children, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={['icon-btn', filled && 'icon-btn--filled', className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </button>
  );
}
