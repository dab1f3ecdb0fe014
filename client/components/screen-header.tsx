import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ScreenHeaderProps = { title: string; guest: boolean; children?: ReactNode };

/** The title row of a signed-in screen (with its actions), and the guest note below it. */
export function ScreenHeader({ title, guest, children }: ScreenHeaderProps) {
  const { t } = useTranslation('app');
  return (
    <>
      <header className="page-header">
        <h1>{title}</h1>
        {children}
      </header>
      {/* Spec section 3: what the signed-in screens say to a visitor who is not signed in. */}
      {guest && <p className="alert alert--info">{t('guest')}</p>}
    </>
  );
}
