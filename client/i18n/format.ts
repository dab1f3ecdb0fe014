import { i18n } from './i18n.js';

// Dates, numbers and lists in the chosen language (decision 042): Intl with the locale the app
// shows, never a fixed one. Formatters are cached per locale and options (creating one is slow).
// A component calls these while rendering after useTranslation(), which renders it again when
// the language changes. Messages can format inside too: t('key', { count }) picks the plural.

/** Shared date styles, so one screen's "Tue, Nov 3" looks like another's. */
export const DATE_STYLES = {
  /** "Tue, Nov 3" */
  weekdayDay: { weekday: 'short', month: 'short', day: 'numeric' },
  /** "Nov 3, 2026" */
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  /** "Nov 3, 2026" in the locale's medium style */
  medium: { dateStyle: 'medium' },
  /** "Tue, Nov 3, 2026, 5:04 PM" */
  weekdayDayTime: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "5:04 PM" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Nov 3, 2026, 5:04:09 PM" */
  dateTime: { dateStyle: 'medium', timeStyle: 'medium' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** The locale every format uses: the language the app shows now. */
function currentLocale(): string {
  return i18n.language || 'en';
}

export function formatDate(date: Date | number | string, options: Intl.DateTimeFormatOptions, locale: string = currentLocale()): string {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options)).format(typeof date === 'string' ? new Date(date) : date);
}

export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}, locale: string = currentLocale()): string {
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
}

export function formatList(items: readonly string[], options: Intl.ListFormatOptions = { type: 'conjunction' }, locale: string = currentLocale()): string {
  return cached(listFormats, locale, options, () => new Intl.ListFormat(locale, options)).format(items);
}
