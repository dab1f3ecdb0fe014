import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'hono';
import { isLanguage, pickLanguage, type Language } from '../../shared/languages.js';
import de from '../i18n/locales/de/manifest.json';
import es from '../i18n/locales/es/manifest.json';
import fr from '../i18n/locales/fr/manifest.json';

// The web app manifest in the person's language (issue 24, decision 044): the build writes it
// in English (client/pwa/pwa-options.ts); this answers the same file with the description and
// the shortcuts' names in Spanish, German or French. The app points its <link rel="manifest">
// at `?lang=<language shown>` (client/app/document-language.ts), so installing it gives the
// person's language; without `lang`, the browser's Accept-Language decides. English, and any
// failure to read the built file, is the built file as it is.

type ManifestText = typeof de;
const TEXTS: Record<Exclude<Language, 'en'>, ManifestText> = { es, de, fr };

type Manifest = { lang?: string; description?: string; shortcuts?: { url?: string; name?: string; short_name?: string }[] };

/** The shortcut each built shortcut is, by its address. */
const SHORTCUTS: Record<string, keyof ManifestText['shortcuts']> = { '/rotation': 'rotate', '/inventory': 'addToys' };

function localize(manifest: Manifest, language: Exclude<Language, 'en'>): Manifest {
  const text = TEXTS[language];
  return {
    ...manifest,
    lang: language,
    description: text.description,
    shortcuts: manifest.shortcuts?.map((shortcut) => {
      const key = shortcut.url ? SHORTCUTS[shortcut.url] : undefined;
      return key ? { ...shortcut, name: text.shortcuts[key], short_name: text.shortcuts[key] } : shortcut;
    }),
  };
}

/** The language asked for: `?lang=`, else the first shipped one of Accept-Language (in its order). */
function askedLanguage(c: Context): Language {
  const lang = c.req.query('lang');
  if (isLanguage(lang)) return lang;
  const tags = (c.req.header('accept-language') ?? '').split(',').map((part) => part.split(';')[0]?.trim() ?? '');
  return pickLanguage(tags.filter((tag) => tag && tag !== '*'));
}

/** GET /manifest.webmanifest: the built manifest, in the language asked for. */
export function localizedManifest(clientDir: string) {
  const file = path.join(clientDir, 'manifest.webmanifest');
  return async (c: Context, next: Next) => {
    const language = askedLanguage(c);
    if (language === 'en') {
      await next();
      c.res.headers.append('Vary', 'Accept-Language');
      return;
    }
    let built: Manifest;
    try {
      built = JSON.parse(await fs.promises.readFile(file, 'utf8')) as Manifest;
    } catch {
      return next(); // no build yet, or an unreadable one: the static files answer as they would
    }
    return c.body(JSON.stringify(localize(built, language)), 200, {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Language',
    });
  };
}
