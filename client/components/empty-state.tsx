import type { ReactNode } from 'react';

type EmptyStateProps = { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode };

export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-state__icon">{icon}</div>}
      <h2 className="empty-state__title">{title}</h2>
      {children && <div>{children}</div>}
      {action}
    </div>
  );
}
