// Every client route of spec section 2 (exact match). The server answers these with the
// app shell; the client router is built from the same list.

export const PUBLIC_ROUTES = [
  '/frontpage',
  '/login',
  '/register',
  '/forgotpassword',
  '/resetpassword/:resetToken',
  '/passwordreset/:resetToken',
  '/RecoverPassword',
  '/terms',
  '/privacy',
  '/contactus',
  '/beehealthycontactus',
  '/deletionform',
  '/pricingnoauth',
  '/paymentsuccess',
  '/paymentcanceled',
  // Issue 13: an invite link (APP_URL/join/{code}); signed out it leads through register or log in.
  '/join/:code',
] as const;

// /history is issue 14's History screen (past rotations and how each category was played with).
const PROTECTED_ROUTES = ['/', '/inventory', '/settings', '/rotation', '/pricing', '/baskets', '/history'] as const;

export const APP_ROUTES = [...PROTECTED_ROUTES, ...PUBLIC_ROUTES] as const;

export type AppRoute = (typeof APP_ROUTES)[number];

/** True when a pathname is one of the app's routes (a `:param` matches one segment). */
export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.some((route) => routePattern(route).test(trimmed));
}

function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
