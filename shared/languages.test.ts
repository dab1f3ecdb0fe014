import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages.js';

describe('pickLanguage', () => {
  it('takes the first shipped language among the browser preferences, regional variants included', () => {
    expect(pickLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(pickLanguage(['ja', 'FR-ca', 'es'])).toBe('fr');
    expect(pickLanguage(['es-419'])).toBe('es');
  });

  it('falls back to English when none is shipped', () => {
    expect(pickLanguage(['ja', 'zh-Hant'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});
