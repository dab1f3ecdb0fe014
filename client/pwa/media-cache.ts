/**
 * The service worker's cache of served photos: written by its CacheFirst rule (pwa-options.ts),
 * emptied on Log Out with the user's local data (db/provider.tsx).
 */
export const MEDIA_CACHE_NAME = 'toy-media';

/**
 * The signed-in app's chunks, cached after sign-in (offline-cache.ts) and served by the
 * service worker's CacheFirst rule (pwa-options.ts); the precache holds only the shell.
 */
export const APP_CACHE_NAME = 'toy-app-chunks';
