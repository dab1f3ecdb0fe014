import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.js';
import { prepareLanguagesForOffline } from '../pwa/register-sw.js';

// The app's one i18next instance (decision 042). English is in the first bundle (the spec's
// wording, the prerendered pages' language and the fallback of every message); each other
// language is a chunk of its own, loaded when someone picks it (and then cached, with the
// others, for offline use: decision 043).

type Messages = Record<string, unknown>;

/**
 * English for the public pages and the app's frame (menu, top bar, dialogs): in the first bundle.
 * The signed-in screens' English loads with them (loadScreenMessages), keeping the first visit
 * small (decision 051).
 */
const ENGLISH = import.meta.glob<Messages>('./locales/en/{app,auth,binLabels,children,common,contact,legal,pricing,public}.json', {
  eager: true,
  import: 'default',
});
/** One chunk per language (bundles/de.ts...): picking German is one request, not one per screen. */
const OTHERS = import.meta.glob<Record<string, Messages>>('./bundles/*.ts', { import: 'default' });

/** `./locales/de/auth.json` (or `../locales/...` from a bundle) -> ['de', 'auth'] */
function parts(path: string): [string, string] {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) throw new Error(`Unexpected message file ${path}`);
  return [match[1], match[2]];
}

const NAMESPACES = Object.keys(ENGLISH).map((path) => parts(path)[1]);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'es', 'de', 'fr'],
  ns: NAMESPACES,
  defaultNS: 'common',
  resources: { en: Object.fromEntries(Object.entries(ENGLISH).map(([path, messages]) => [parts(path)[1], messages])) },
  // Synchronous with the resources given: the first render (and the prerender) has every English text.
  initAsync: false,
  // React escapes what it renders; escaping here too would show "&amp;".
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** The English of the signed-in screens (a no-op once loaded). */
async function loadScreenMessages(): Promise<void> {
  if (i18n.hasResourceBundle(DEFAULT_LANGUAGE, 'inventory')) return;
  const { default: files } = await import('./english-screens.js');
  for (const [path, messages] of Object.entries(files)) i18n.addResourceBundle(DEFAULT_LANGUAGE, parts(path)[1], messages, true, true);
}

/** A signed-in screen's module, once its English (every language's fallback) is there too. */
export async function withScreenMessages<M>(module: Promise<M>): Promise<M> {
  const [loaded] = await Promise.all([module, loadScreenMessages()]);
  return loaded;
}

/** Loads a language's messages (a no-op for English and for one already loaded). */
async function loadLanguage(language: Language): Promise<void> {
  const load = OTHERS[`./bundles/${language}.ts`];
  if (!load || i18n.hasResourceBundle(language, 'common')) return;
  for (const [path, messages] of Object.entries(await load())) i18n.addResourceBundle(language, parts(path)[1], messages, true, true);
}

type Remount = (change: () => Promise<void>) => void;
let remountHydrated: Remount | null = null;

/**
 * For a page React took over from the prerendered HTML (client/main.tsx): parts of it may still
 * be waiting to hydrate, and they would read the new language's words against the English HTML
 * (a mismatch). So the first change of language renders the app anew instead.
 */
export function onFirstLanguageChange(remount: Remount): void {
  remountHydrated = remount;
}

/** Shows the app in `language`: its messages, Intl formats and the page's lang attribute. */
export async function showLanguage(language: Language): Promise<void> {
  if (language !== DEFAULT_LANGUAGE) prepareLanguagesForOffline();
  await loadLanguage(language);
  const remount = remountHydrated;
  if (remount && language !== i18n.language) {
    remountHydrated = null;
    await new Promise<void>((done) => remount(() => i18n.changeLanguage(language).then(() => done())));
  } else {
    await i18n.changeLanguage(language);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
