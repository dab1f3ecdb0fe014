import { AppRoutes } from './app/router.js';
import { FollowLanguage } from './i18n/follow-language.js';
import { SessionProvider } from './session/session.js';

/**
 * The whole app below its router. The browser (main.tsx) puts it in a BrowserRouter, the
 * build's prerender (prerender/render-page.tsx) in a StaticRouter: one tree, so the HTML the
 * build writes is what the browser's first render produces, and hydrateRoot can take it over.
 */
export function AppTree() {
  return (
    <SessionProvider>
      <FollowLanguage />
      <AppRoutes />
    </SessionProvider>
  );
}
