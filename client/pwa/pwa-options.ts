import type { VitePWAOptions } from 'vite-plugin-pwa';
import { NOT_FOUND_PAGE, PRERENDERED_PAGES } from '../../shared/prerendered-pages.js';
import { APP_ROUTES } from '../../shared/routes.js';
import { shellOnly } from './app-chunks.js';
import { APP_CACHE_NAME, MEDIA_CACHE_NAME } from './media-cache.js';

// Build-time options of vite-plugin-pwa (used by vite.config.ts, never bundled into the app).
// generateSW: Workbox writes the worker; it precaches the app shell, the public screens and
// their prerendered pages (shared/prerendered-pages.ts), answers each public page with its
// own HTML and the other routes with index.html while offline, serves the signed-in app's
// chunks from the cache the page fills after sign-in (offline-cache.ts), and keeps served
// photos in a cache-first store.

/** Same patterns the server uses (shared/routes.ts): a `:param` matches one path segment. */
function routeRegExp(route: string): RegExp {
  return new RegExp(`^${routePath(route)}/?$`);
}

function routePath(route: string): string {
  return route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
}

/** A route as Workbox's runtime routes match it: the whole URL, with any query. */
function urlRegExp(route: string): RegExp {
  return new RegExp(`^https?://[^/]+${routePath(route)}/?(?:\\?.*)?$`);
}

/**
 * Precached pages answer their own address (/frontpage finds /frontpage.html: Workbox's clean
 * URLs), so only a route with a parameter needs a route of its own: online the server's page,
 * offline the same page from the precache. The app-shell fallback must not take them first.
 */
const PARAMETER_PAGES = PRERENDERED_PAGES.filter((page) => page.route?.includes(':'));
const SHELL_ROUTES = APP_ROUTES.filter((route) => !PARAMETER_PAGES.some((page) => page.route === route));

const THEME_COLOR = '#a8491f';
const BACKGROUND_COLOR = '#fff9f2';

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false, // client/pwa/register-sw.ts registers it with workbox-window
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'poster.svg', 'badges/*.svg', 'icons/*.png'],
  manifest: {
    id: '/',
    name: 'Toy Rotation',
    short_name: 'Toy Rotation',
    description: 'Toy Rotation Made Simple: a photo inventory of your toys and a fresh selection in seconds.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['lifestyle', 'productivity', 'kids'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    // A long press on the installed icon: the two things a parent opens the app for.
    shortcuts: [
      { name: 'Rotate', short_name: 'Rotate', url: '/rotation', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: 'Add toys', short_name: 'Add toys', url: '/inventory', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    ],
    // The install sheet shows what the app is (a phone's narrow one, a computer's wide one).
    screenshots: [
      { src: '/screenshots/inventory-narrow.png', sizes: '390x1278', type: 'image/png', form_factor: 'narrow', label: 'Your toys on a phone' },
      { src: '/screenshots/inventory-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Your toys on a computer' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    // The install sheet's screenshots are for the sheet, not for using the app offline.
    globIgnores: ['screenshots/**'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    manifestTransforms: [shellOnly],
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: SHELL_ROUTES.map(routeRegExp),
    navigateFallbackDenylist: [/^\/api\//],
    // Push reminders: showing them and opening their page on a tap (client/public/push-sw.js).
    importScripts: ['/push-sw.js'],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false, // the "A new version is available" prompt decides when
    runtimeCaching: [
      ...PARAMETER_PAGES.map((page) => ({
        urlPattern: urlRegExp(page.route ?? ''),
        handler: 'NetworkOnly' as const,
        options: { precacheFallback: { fallbackURL: `/${page.file}` } },
      })),
      {
        // Any other address is no page: offline too, the prerendered "not found" page says so.
        urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: `/${NOT_FOUND_PAGE.file}` } },
      },
      {
        // The signed-in app's chunks: hashed names, so a cached copy never goes stale. Filled
        // after sign-in by the page (offline-cache.ts) and by any chunk fetched while online.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.(?:js|css)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: APP_CACHE_NAME,
          expiration: { maxEntries: 400 },
          cacheableResponse: { statuses: [200] },
          matchOptions: { ignoreVary: true },
        },
      },
      {
        // Photos are content-addressed (the id is their SHA-256), so a cached copy never goes stale.
        urlPattern: ({ url }) => url.pathname.startsWith('/api/media/'),
        handler: 'CacheFirst',
        options: {
          cacheName: MEDIA_CACHE_NAME,
          expiration: { maxEntries: 1500, maxAgeSeconds: 365 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
  devOptions: { enabled: false },
};
