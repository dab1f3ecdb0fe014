import type { HTMLAttributes, ReactNode } from 'react';

type BoxProps = HTMLAttributes<HTMLElement> & { children: ReactNode; as?: 'div' | 'section' | 'article' | 'li' };

export function Card({ as: Tag = 'div', className, children, ...rest }: BoxProps) {
  return (
    <Tag className={['card', className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </Tag>
  );
}

type PanelProps = BoxProps & { title?: ReactNode };

/** A soft-coloured box for tips, filters and settings groups. */
export function Panel({ as: Tag = 'section', title, className, children, ...rest }: PanelProps) {
  return (
    <Tag className={['panel', className].filter(Boolean).join(' ')} {...rest}>
      {title && <h2 className="panel__title">{title}</h2>}
      {children}
    </Tag>
  );
}
