import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { buttonClass } from '../components/button';
import { CloseIcon, MenuIcon } from '../components/icons';
import { IconButton } from '../components/icon-button';
import { Logo } from '../components/logo';
import { Spinner } from '../components/spinner';
import { PaymentNotice } from '../features/pricing/payment-notice';
import { InstallHint } from '../pwa/install-hint';
import { UpdatePrompt } from '../pwa/update-prompt';
import { useSession } from './session';
import { SideMenu } from './side-menu';
import { SyncIndicator } from './sync-indicator';
import { SyncNotice } from './sync-notice';

/** Top bar, side menu (signed in only) and the routed page. */
export function AppLayout() {
  const { signedIn, logout } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        {signedIn && (
          <IconButton
            label={menuOpen ? 'Close menu' : 'Open menu'}
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        )}
        <Link to="/" className="topbar__brand" aria-label="Toy Rotation home">
          <Logo size={36} />
          <span className="topbar__brand-name">Toy Rotation</span>
        </Link>
        <div className="topbar__spacer" />
        <div className="topbar__actions">
          {signedIn ? (
            <>
              <SyncIndicator />
              <button type="button" className={buttonClass('secondary', 'small')} onClick={() => void logout()}>
                Log Out
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className={buttonClass('ghost', 'small')}>
                Log In
              </Link>
              <Link to="/register" className={buttonClass('primary', 'small')}>
                Register
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
          {signedIn && <PaymentNotice />}
          <Suspense
            fallback={
              <div className="empty-state">
                <Spinner large />
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
      <UpdatePrompt />
      <InstallHint />
    </>
  );
}
