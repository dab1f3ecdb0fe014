import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from './session';

/** Spec section 2: no token at / goes to /frontpage, at any other protected route to /login. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const { pathname } = useLocation();
  if (signedIn) return children;
  return <Navigate to={pathname === '/' ? '/frontpage' : '/login'} replace />;
}

/** Login and register send a signed-in person to /. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  if (signedIn) return <Navigate to="/" replace />;
  return children;
}
