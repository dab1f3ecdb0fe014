import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

// Registers the Vite-built service worker (production builds only) and tells the UI when a
// new version waits. The worker takes over only when the person presses Reload, so a page
// never runs half old code and half new.

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

function setWaiting(value: boolean) {
  updateWaiting = value;
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

/** Activates the waiting worker, then reloads once it controls the page. */
export function applyUpdate(): void {
  if (!workbox) return window.location.reload();
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateWaiting,
    () => false,
  );
}

/** Asks the browser not to evict the local database under storage pressure. */
export async function requestPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // Not supported or refused: the data still works, it just may be evicted under pressure.
  }
}
