import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { afterSignInPath } from '../session/pending-invite.js';
import { forgetPlace, rememberPlace } from '../session/pending-place.js';
import { useSession } from '../session/session.js';
import { UnknownUserScreen } from './unknown-user-screen.js';

/** Spec section 2: no token at / goes to /frontpage, at any other protected route to /login. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { signedIn, identity, retryIdentify, logout } = useSession();
  const { pathname, search } = useLocation();
  // A bin label scanned signed out: log in says so and comes back to the place; once there, it
  // is done (decision 048).
  const place = pathname === '/inventory' ? new URLSearchParams(search).get('place')?.trim() : null;
  useEffect(() => {
    if (!place) return;
    if (signedIn) forgetPlace(window.localStorage);
    else rememberPlace(window.localStorage, place, Date.now());
  }, [place, signedIn]);
  // A token whose user this device does not know yet: say so instead of showing empty screens.
  if (signedIn && identity !== 'known') {
    return <UnknownUserScreen identity={identity} onRetry={retryIdentify} onLogout={() => void logout()} />;
  }
  if (signedIn) return children;
  return <Navigate to={pathname === '/' ? '/frontpage' : '/login'} replace />;
}

/** Login and register send a signed-in person to / (or back to the invite they opened; issue 13). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  if (signedIn) return <Navigate to={afterSignInPath(window.localStorage)} replace />;
  return children;
}
