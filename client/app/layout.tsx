import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { buttonClass } from '../components/button.js';
import { CloseIcon, MenuIcon } from '../components/icons.js';
import { IconButton } from '../components/icon-button.js';
import { Logo } from '../components/logo.js';
import { Spinner } from '../components/spinner.js';
import { PaymentNotice } from '../features/pricing/payment-notice.js';
import { InstallHint } from '../pwa/install-hint.js';
import { OfflineReadyNotice } from '../pwa/offline-ready-notice.js';
import { UpdatePrompt } from '../pwa/update-prompt.js';
import { useSession } from '../session/session.js';
import { DocumentLanguage } from './document-language.js';
import { LogoutButton } from './logout-button.js';
import { ScreenErrorBoundary } from './screen-error-boundary.js';
import { SideMenu } from './side-menu.js';
import { SyncIndicator } from './sync-indicator.js';
import { SyncNotice } from './sync-notice.js';
import { HouseholdNoticeBanner } from './household-notice.js';

/**
 * The icon badge reads the children's schedules, whose module brings the document schemas and
 * zod: it loads after the first page (issue 16). It is decoration, so a failed load shows nothing.
 */
const RotationBadge = lazy(() =>
  import('./rotation-badge.js').then(
    (module) => ({ default: module.RotationBadge }),
    () => ({ default: () => null }),
  ),
);

/** Top bar, side menu (signed in only) and the routed page. */
export function AppLayout() {
  const { t } = useTranslation('app');
  const { signedIn } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // The menu closes on navigation: adjusted while rendering, not in an effect (no extra render pass).
  const [menuPath, setMenuPath] = useState(location.pathname);
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="topbar">
        {signedIn && (
          <IconButton
            label={menuOpen ? t('menu.close') : t('menu.open')}
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <Link to="/" className="topbar__brand" aria-label={t('homeLink')}>
          <Logo size={36} />
          <span className="topbar__brand-name">{t('brand')}</span>
        </Link>
        <div className="topbar__spacer" />
        <div className="topbar__actions">
          {signedIn ? (
            <>
              <SyncIndicator />
              <Suspense fallback={null}>
                <RotationBadge />
              </Suspense>
              <LogoutButton />
            </>
          ) : (
            <>
              <Link to="/login" className={buttonClass('ghost', 'small')}>
                {t('logIn')}
              </Link>
              <Link to="/register" className={buttonClass('primary', 'small')}>
                {t('register')}
              </Link>
            </>
          )}
        </div>
      </header>
      <div className="app-shell">
        {signedIn && (
          <>
            <SideMenu open={menuOpen} onNavigate={() => setMenuOpen(false)} />
            <button
              type="button"
              className="drawer-backdrop"
              data-open={menuOpen}
              aria-hidden="true"
              tabIndex={-1}
              onClick={() => setMenuOpen(false)}
            />
          </>
        )}
        <main id="main" className="app-main" tabIndex={-1}>
          {signedIn && <SyncNotice />}
          <OfflineReadyNotice signedIn={signedIn} />
          <HouseholdNoticeBanner />
          {signedIn && <PaymentNotice />}
          <ScreenErrorBoundary key={location.pathname}>
            <Suspense
              fallback={
                <div className="empty-state">
                  <Spinner large />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </main>
      </div>
      <UpdatePrompt />
      <InstallHint />
      <DocumentLanguage />
    </>
  );
}
