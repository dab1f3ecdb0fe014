import type { ReactNode } from 'react';
import { Card } from './card.js';
import { SiteFooter } from './site-footer.js';

/** A public page whose content is one centred card, with the site footer below it. */
export function CardPage({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <>
      <div className="page">
        <Card className={['auth-card', className].filter(Boolean).join(' ')}>{children}</Card>
      </div>
      <SiteFooter />
    </>
  );
}
