import { PUBLIC_ROUTES, type AppRoute } from './routes.js';

// The public pages whose HTML the client build renders (client/prerender/), so a visitor's
// first response already carries the page. The server sends these files for their routes
// (sync-server/lib/static-client.ts) and the service worker precaches them (client/pwa/).
// A route with a parameter gets one page for every value: the page does not show it, the app
// reads it after taking over.

// Every public route but the invite link, whose page shows who invited (read from the server).
type PrerenderedRoute = Exclude<(typeof PUBLIC_ROUTES)[number], '/join/:code'>;
const ROUTES = PUBLIC_ROUTES.filter((route): route is PrerenderedRoute => route !== '/join/:code');

export type PrerenderedPage = {
  /** The route it answers (null: every address that is no route, with status 404). */
  route: AppRoute | null;
  /** Its file in the built client, at the top (the service worker finds /frontpage as /frontpage.html). */
  file: string;
  /** The address the build renders. */
  url: string;
};

/** Each route's file is named after its first segment: /resetpassword/:resetToken -> resetpassword.html. */
const page = (route: (typeof ROUTES)[number]): PrerenderedPage => ({
  route,
  file: `${route.split('/')[1]}.html`,
  url: route.replace(/:[A-Za-z]+/g, 'token'),
});

/** Marks a #root whose content the build rendered: the app hydrates it (client/main.tsx). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

export const NOT_FOUND_PAGE: PrerenderedPage = { route: null, file: '404.html', url: '/this-address-is-no-page' };

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [...ROUTES.map(page), NOT_FOUND_PAGE];

const BY_PATTERN = PRERENDERED_PAGES.flatMap((p) => (p.route === null ? [] : [{ pattern: new RegExp(`^${p.route.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`), page: p }]));

/** The prerendered page of an address, or null when the app renders it in the browser (/, signed-in screens, /join). */
export function prerenderedPageFor(pathname: string): PrerenderedPage | null {
  return BY_PATTERN.find(({ pattern }) => pattern.test(pathname))?.page ?? null;
}
