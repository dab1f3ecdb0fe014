import { createInstance } from 'i18next';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language } from '../../shared/languages.js';
import de from './locales/de/emails.json';
import en from './locales/en/emails.json';
import es from './locales/es/emails.json';
import fr from './locales/fr/emails.json';
import deNotifications from './locales/de/notifications.json';
import enNotifications from './locales/en/notifications.json';
import esNotifications from './locales/es/notifications.json';
import frNotifications from './locales/fr/notifications.json';
import deCalendar from './locales/de/calendar.json';
import enCalendar from './locales/en/calendar.json';
import esCalendar from './locales/es/calendar.json';
import frCalendar from './locales/fr/calendar.json';
import deHouseholds from './locales/de/households.json';
import enHouseholds from './locales/en/households.json';
import esHouseholds from './locales/es/households.json';
import frHouseholds from './locales/fr/households.json';

// Every email in its recipient's language (issue 24, decision 050): the words come from
// locales/<language>/emails.json (the same i18next and plural rules as the app, decision 042);
// English is the fallback of each message, as in the app. Push notifications (notifications.json)
// are written the same way, in the language of the person whose device gets them, and so is the
// calendar feed (calendar.json, calendar-text.ts): one i18next instance for the server's words.

const emails = createInstance();
void emails.init({
  resources: {
    en: { emails: en, notifications: enNotifications, calendar: enCalendar, households: enHouseholds },
    es: { emails: es, notifications: esNotifications, calendar: esCalendar, households: esHouseholds },
    de: { emails: de, notifications: deNotifications, calendar: deCalendar, households: deHouseholds },
    fr: { emails: fr, notifications: frNotifications, calendar: frCalendar, households: frHouseholds },
  },
  ns: ['emails', 'notifications', 'calendar', 'households'],
  defaultNS: 'emails',
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'es', 'de', 'fr'],
  // Synchronous with the resources given: a mail is written right after start too.
  initAsync: false,
  // Plain text: the HTML part is laid out (and escaped) by React Email.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** A message of emails.json by its key ("reset.subject"), in `language`. */
export type EmailText = (key: string, values?: Record<string, string | number>) => string;

/** The email texts in `language`. */
export function emailText(language: Language): EmailText {
  // The namespace is this instance's default ('emails'); the app's typed keys (client/i18n) do not apply here.
  const t = emails.getFixedT(language) as unknown as (key: string, values?: object) => string;
  return (key, values) => t(key, values);
}

/** The push notification texts (notifications.json) in `language`. */
export function notificationText(language: Language): EmailText {
  return namespaceText(language, 'notifications');
}

/** The texts of one of the server's message files (`notifications`, `calendar`, `households`) in `language`. */
export function namespaceText(language: Language, namespace: 'notifications' | 'calendar' | 'households'): EmailText {
  const t = emails.getFixedT(language, namespace as never) as unknown as (key: string, values?: object) => string;
  return (key, values) => t(key, values);
}

/**
 * The language an email is written in: the first shipped one of `choices`, most specific first
 * (the recipient's account, then the request that caused the mail); English when none is known.
 */
export function emailLanguage(...choices: (string | null | undefined)[]): Language {
  return choices.find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * The language a request asks for (its Accept-Language header: the app sends the language it
 * shows), or null when it names none the app ships. Weights are honoured ("fr;q=0.9, de").
 */
export function requestLanguage(acceptLanguage: string | null | undefined): Language | null {
  if (!acceptLanguage) return null;
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
  const picked = pickLanguage(tags);
  // pickLanguage answers English for "none": only an English actually asked for counts.
  return tags.some((tag) => tag.toLowerCase().split('-')[0] === picked) ? picked : null;
}
