import { afterEach, describe, expect, it } from 'vitest';
import { DATE_STYLES, formatDate, formatList, formatNumber } from './format.js';
import { i18n, showLanguage } from './i18n.js';

// Dates, numbers and lists follow the language the app shows (issue 24), not a fixed en-US.

const NOV_3 = Date.UTC(2026, 10, 3, 12);

afterEach(async () => {
  await showLanguage('en');
});

describe('format', () => {
  it('formats in English by default, as the spec shows it', () => {
    expect(formatDate(NOV_3, { ...DATE_STYLES.weekdayDay, timeZone: 'UTC' })).toBe('Tue, Nov 3');
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatList(['Ada', 'Ben', 'Cy'])).toBe('Ada, Ben, and Cy');
  });

  it('follows the chosen language', async () => {
    await showLanguage('de');
    expect(i18n.language).toBe('de');
    expect(formatDate(NOV_3, { ...DATE_STYLES.weekdayDay, timeZone: 'UTC' })).toBe('Di., 3. Nov.');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    expect(formatList(['Ada', 'Ben', 'Cy'])).toBe('Ada, Ben und Cy');
    await showLanguage('fr');
    expect(formatDate(NOV_3, { ...DATE_STYLES.day, timeZone: 'UTC' })).toBe('3 nov. 2026');
    await showLanguage('es');
    expect(formatDate(NOV_3, { ...DATE_STYLES.weekdayDay, timeZone: 'UTC' })).toBe('mar, 3 nov');
  });

  it('loads the chosen language\'s messages, falling back to English for none', async () => {
    await showLanguage('fr');
    expect(i18n.t('footer.terms')).toBe('Conditions d’utilisation');
    await showLanguage('de');
    expect(i18n.t('language.label')).toBe('Sprache');
  });
});
