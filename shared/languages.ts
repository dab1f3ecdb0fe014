// The languages the app ships (issue 24, decision 042). Isomorphic: the client picks and shows
// them, the server keeps each person's choice and writes their emails in it.

export const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** English is the spec's own wording and what anyone without a choice gets. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words: someone who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', de: 'Deutsch', fr: 'Français' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first shipped language among the browser's preferred ones ("de-AT" counts as "de"), else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
