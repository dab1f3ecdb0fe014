import { isLanguage, pickLanguage, type Language } from '../../shared/languages.js';

// Which language this device shows (decision 042), in local storage so it works offline and
// from the first paint. Absent until someone picks one or their account says which: then the
// browser's preferences decide. `pending` marks a choice made here that the server has not
// stored yet (it is sent when signed in and online; until then it wins over the server's).

export const LANGUAGE_KEY = 'language';

export type LanguageChoice = { language: Language; pending: boolean };

export function readLanguageChoice(storage: Storage): LanguageChoice | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(LANGUAGE_KEY) ?? 'null');
    if (value && typeof value === 'object' && 'language' in value && isLanguage(value.language)) {
      return { language: value.language, pending: 'pending' in value && value.pending === true };
    }
  } catch {
    // Unreadable (written by hand or by something else): as if nothing was chosen.
  }
  return null;
}

export function writeLanguageChoice(storage: Storage, choice: LanguageChoice): void {
  storage.setItem(LANGUAGE_KEY, JSON.stringify(choice));
}

/** The browser's preferred languages, most wanted first. */
function browserLanguages(browser: Pick<Navigator, 'language'> & Partial<Pick<Navigator, 'languages'>>): readonly string[] {
  return browser.languages?.length ? browser.languages : [browser.language];
}

/** The language this device shows: the stored choice, else the browser's first shipped one. */
export function deviceLanguage(storage: Storage, browser: Pick<Navigator, 'language'> & Partial<Pick<Navigator, 'languages'>>): Language {
  return readLanguageChoice(storage)?.language ?? pickLanguage(browserLanguages(browser));
}
