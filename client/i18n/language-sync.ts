import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/languages.js';
import { ApiError, apiJson, apiJsonParsedLater } from '../lib/http.js';
import { readStoredSession } from '../session/session-store.js';
import { i18n, showLanguage } from './i18n.js';
import { LANGUAGE_KEY, readLanguageChoice, writeLanguageChoice } from './language-choice.js';

// The person's language on all their devices (decision 042). The server keeps one per person;
// a device sends a choice made on it (kept `pending` in local storage until the server has it,
// so a change made offline or signed out is sent later), and otherwise adopts the server's.
// One step at a time: the picker, the session's start and the "online" event may all act at once.

let queue: Promise<unknown> = Promise.resolve();

const storage = () => window.localStorage;

/** Someone picked `language` on this device: shown now, stored for the person when possible. */
export async function chooseLanguage(language: Language): Promise<void> {
  writeLanguageChoice(storage(), { language, pending: true });
  await showLanguage(language);
  void syncLanguage();
}

/** Sends a waiting choice, or adopts the person's language from the server. Quiet when offline. */
export function syncLanguage(): Promise<void> {
  const step = async () => {
    const token = readStoredSession(storage()).token;
    if (!token) return;
    try {
      await exchange(token);
    } catch (error) {
      // Offline or the session ended: the choice stays pending and the next start or "online" sends it.
      if (!(error instanceof ApiError)) console.error('Could not sync the language', error);
    }
  };
  const next = queue.then(step, step);
  queue = next;
  return next;
}

async function exchange(token: string): Promise<void> {
  const choice = readLanguageChoice(storage());
  if (choice?.pending) return send(token, choice.language);
  const me = await apiJsonParsedLater('/api/auth/me', { token }, async () => (await import('../../shared/schemas/auth.js')).meResponseSchema);
  if (readStoredSession(storage()).token !== token || readLanguageChoice(storage())?.pending) return;
  if (me.language) {
    writeLanguageChoice(storage(), { language: me.language, pending: false });
    if (me.language !== currentLanguage()) await showLanguage(me.language);
  } else {
    // An account from before languages: it gets the language this device shows (for its emails too).
    await send(token, currentLanguage());
  }
}

async function send(token: string, language: Language): Promise<void> {
  await apiJson('/api/auth/language', { method: 'PUT', token, body: { language } });
  // A newer choice made meanwhile stays pending and goes next.
  const now = readLanguageChoice(storage());
  if (!now || now.language === language) writeLanguageChoice(storage(), { language, pending: false });
}

function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Shows a language picked in another tab (local storage), and asks the server again when the
 * app comes back to the front (a change made on another device meanwhile). Returns the cleanup.
 */
export function followLanguageElsewhere(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LANGUAGE_KEY && event.key !== null) return;
    const choice = readLanguageChoice(storage());
    if (choice && choice.language !== currentLanguage()) void showLanguage(choice.language);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') void syncLanguage();
  };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
