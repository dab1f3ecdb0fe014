import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { appChunkUrls, cacheAppChunks, cacheLanguageChunks, languageChunkUrls } from './offline-cache.js';

// Registers the Vite-built service worker (production builds only) and tells the UI when a
// new version waits. The worker takes over only when the person presses Reload, so a page
// never runs half old code and half new.

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

// True once a service worker is active (its install precached the shell) and, after sign-in,
// the rest of the app is in its cache: every screen then opens offline.
let offlineReady = false;
let appCaching: Promise<void> | null = null;
let languageCaching: Promise<void> | null = null;

function setWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

function setOfflineReady() {
  offlineReady = true;
  for (const listener of listeners) listener();
}

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => setWaiting(true));
  await workbox.register();
  // Long-lived tabs (an installed app left open) still learn about new versions.
  setInterval(() => void workbox?.update(), 60 * 60_000);
}

/**
 * Called once someone is signed in: caches the signed-in app's chunks for offline use, then
 * reports the app ready. A worker becomes active only after its install, which precaches the
 * shell, succeeded (issue 9, fault 6); `ready` also covers a first install begun by an earlier
 * page load. Without a worker (development, blocked) nothing is cached and nothing reported.
 * Offline, it tries again when the network is back.
 */
export function prepareAppForOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('caches' in window)) return;
  appCaching ??= navigator.serviceWorker.ready
    .then(whenIdle)
    .then(() => cacheAppChunks(appChunkUrls()))
    .then(setOfflineReady)
    .catch((error: unknown) => {
      appCaching = null;
      console.warn('The app could not be saved for offline use yet', error);
      window.addEventListener('online', prepareAppForOffline, { once: true });
    });
}

/**
 * Resolves when the page has a moment with nothing to do (at most a few seconds later): the
 * check of every chunk against the cache then stays out of the tasks that open a screen
 * (decision 060).
 */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Called when someone reaches for the language menu or a language other than English shows:
 * caches every language's messages (a few KiB each), so the next change of language works
 * offline although a first visit downloads only English. Offline it is tried again next time.
 */
export function prepareLanguagesForOffline(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('caches' in window)) return;
  languageCaching ??= cacheLanguageChunks(languageChunkUrls()).catch(() => {
    languageCaching = null;
  });
}

/** Activates the waiting worker, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, () => updateWaiting, () => false);
}

/** Whether the app is cached for offline use on this device. */
export function useOfflineReady(): boolean {
  return useSyncExternalStore(subscribe, () => offlineReady, () => false);
}
