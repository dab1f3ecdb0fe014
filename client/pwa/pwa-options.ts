import type { VitePWAOptions } from 'vite-plugin-pwa';
import { APP_ROUTES } from '../../shared/routes.js';
import { shellOnly } from './app-chunks.js';
import { APP_CACHE_NAME, MEDIA_CACHE_NAME } from './media-cache.js';

// Build-time options of vite-plugin-pwa (used by vite.config.ts, never bundled into the app).
// generateSW: Workbox writes the worker; it precaches the app shell and the public screens,
// answers the app's routes with index.html while offline, serves the signed-in app's chunks
// from the cache the page fills after sign-in (offline-cache.ts), and keeps served photos in a
// cache-first store.

/** Same patterns the server uses (shared/routes.ts): a `:param` matches one path segment. */
function routeRegExp(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

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
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    manifestTransforms: [shellOnly],
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: APP_ROUTES.map(routeRegExp),
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false, // the "A new version is available" prompt decides when
    runtimeCaching: [
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
