import type { Language } from '../../shared/languages.js';
import type en from './locales/en/calendar.json';
import { namespaceText } from './emails.js';

// The calendar feed's words in the person's language (issue 24, decision 044): the same
// i18next and message files as the app (decision 042), English the fallback of each message.

export type CalendarText = (key: keyof typeof en, values?: Record<string, string | number>) => string;

/** The calendar feed's texts in `language`. */
export function calendarText(language: Language): CalendarText {
  return namespaceText(language, 'calendar');
}
