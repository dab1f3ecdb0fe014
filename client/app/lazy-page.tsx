import { lazy, useEffect, type ComponentType } from 'react';
import { PRERENDERED_ATTRIBUTE } from '../../shared/prerendered-pages.js';

// Screens load as separate chunks (router.tsx). A chunk that fails to load (offline before the
// service worker has cached it, issue 9 fault 6) must not break the app for good: React.lazy
// remembers a failed load, and Vite's preloader remembers a stylesheet it already tried. So a
// failed screen is rebuilt on Retry, and a stylesheet that failed is fetched again.

const resets = new Set<() => void>();
const failedStylesheets = new Set<string>();

/**
 * Drops the prerendered mark of #root once a screen has been committed: from then on its forms
 * and buttons work (before, they are only HTML; a screen hydrates after the frame around it).
 * Browser tests wait for it before typing.
 */
function useTakenOver() {
  useEffect(() => document.getElementById('root')?.removeAttribute(PRERENDERED_ATTRIBUTE), []);
}

/** A lazily loaded screen whose failed load can be retried (see retryFailedScreens). */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const make = () =>
    lazy(async () => {
      try {
        const Screen = pick(await load());
        return {
          default: function TakenOver() {
            useTakenOver();
            return <Screen />;
          },
        };
      } catch (error) {
        resets.add(reset);
        throw error;
      }
    });
  let Loaded = make();
  const reset = () => {
    Loaded = make();
  };
  return function Page() {
    return <Loaded />;
  };
}

// Vite's preloader reports a stylesheet it could not load ("Unable to preload CSS for …") and
// then rejects the import; the error screen shows. The broken <link> is removed here so the retry
// can add a working one. The event is not cancelled: a screen without its styles is worse.
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const href = payload instanceof Error ? /Unable to preload CSS for (\S+)/.exec(payload.message)?.[1] : undefined;
    if (!href) return;
    failedStylesheets.add(href);
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (link.href === href) link.remove();
    }
  });
}

function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = href;
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => {
      link.remove();
      reject(new Error(`Unable to load ${href}`));
    });
    document.head.appendChild(link);
  });
}

/** Fetches the stylesheets that failed and lets failed screens load again. Rejects while still offline. */
export async function retryFailedScreens(): Promise<void> {
  for (const href of [...failedStylesheets]) {
    await loadStylesheet(href);
    failedStylesheets.delete(href);
  }
  for (const reset of [...resets]) reset();
  resets.clear();
}
