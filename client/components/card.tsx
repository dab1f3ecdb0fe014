import type { HTMLAttributes, ReactNode } from 'react';

type BoxProps = HTMLAttributes<HTMLElement> & { children: ReactNode; as?: 'div' | 'section' | 'article' | 'li' };

export function Card({ as: Tag = 'div', className, children, ...rest }: BoxProps) {
  return (
    <Tag className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Tag>
  );
}
