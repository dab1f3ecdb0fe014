import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { PRERENDERED_ATTRIBUTE } from '../shared/prerendered-pages.js';
import { AppTree } from './app-tree.js';
import { onFirstLanguageChange, showLanguage } from './i18n/i18n.js';
import { deviceLanguage } from './i18n/language-choice.js';
import { registerServiceWorker } from './pwa/register-sw.js';
import { readStoredSession } from './session/session-store.js';
import { applyTheme, readTheme } from './lib/theme.js';
import './styles/global.css';
import './styles/screens.css';

// The parent's theme before the first paint, so a dark choice never flashes light.
applyTheme(document.documentElement, readTheme(window.localStorage));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppTree />
    </BrowserRouter>
  </StrictMode>
);

// A public page arrives rendered by the build as a first-time visitor sees it (client/prerender/),
// in English. A visitor's first render is that same HTML when this device shows English, so React
// takes it over in place (no repaint, no shift), in a transition so the work is cut into short
// tasks. Someone signed in sees other things (the menu, their name), and a visitor reading
// another language other words, so the app renders anew for them, once their messages loaded.
const visitor = readStoredSession(window.localStorage).token === null;
const language = deviceLanguage(window.localStorage, navigator);
if (root.hasAttribute(PRERENDERED_ATTRIBUTE) && visitor && language === 'en') {
  startTransition(() => {
    const hydrated = hydrateRoot(root, app);
    onFirstLanguageChange((change) => {
      hydrated.unmount();
      void change().then(() => createRoot(root).render(app));
    });
  });
} else {
  // Should the language's chunk not load (an old cache), the app still starts, in English.
  // In a transition too: React then renders the first screen in short slices instead of one
  // task of 150 ms on a slow phone, the longest of a signed-in start (decision 060).
  void showLanguage(language)
    .catch((error: unknown) => console.warn(`Could not load the ${language} messages`, error))
    .finally(() => {
      const fresh = createRoot(root);
      startTransition(() => fresh.render(app));
    });
}

void registerServiceWorker().catch((error: unknown) => console.warn('Service worker registration failed', error));
