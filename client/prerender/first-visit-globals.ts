import { MemoryStorage } from '../lib/memory-storage.js';

// Build time only (prerender-plugin.ts). The app reads the browser while it renders (the
// session from local storage, the user agent for the iOS install hint...). The prerender
// renders each public page as a first-time visitor's browser shows it, so during the render
// Node gets the few browser globals those reads need, describing that visitor: empty storage,
// online, an ordinary browser, at the page's address. Listeners and timers a render sets up
// belong to effects, which never run here.

const GLOBALS = ['window', 'localStorage', 'sessionStorage', 'navigator', 'location'] as const;

/** Runs `render` with a first-time visitor's browser globals for `url`, then removes them. */
export async function asFirstVisit<T>(url: URL, render: () => Promise<T>): Promise<T> {
  const saved = GLOBALS.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
  const visitor = {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    navigator: { onLine: true, userAgent: 'Mozilla/5.0 (prerender)', maxTouchPoints: 0, language: 'en' },
    location: url,
    addEventListener() {},
    removeEventListener() {},
  };
  const values = { window: visitor, ...visitor };
  for (const name of GLOBALS) Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true });
  try {
    return await render();
  } finally {
    GLOBALS.forEach((name, i) => {
      const descriptor = saved[i];
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    });
  }
}
