import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../lib/memory-storage.js';
import { deviceLanguage, LANGUAGE_KEY, readLanguageChoice, writeLanguageChoice } from './language-choice.js';

describe('the language this device shows', () => {
  it("is the browser's at first, then the one chosen", () => {
    const storage = new MemoryStorage();
    expect(deviceLanguage(storage, { language: 'de-DE', languages: ['de-DE', 'en'] })).toBe('de');
    expect(deviceLanguage(storage, { language: 'ja' })).toBe('en');
    writeLanguageChoice(storage, { language: 'fr', pending: true });
    expect(deviceLanguage(storage, { language: 'de-DE', languages: ['de-DE'] })).toBe('fr');
    expect(readLanguageChoice(storage)).toEqual({ language: 'fr', pending: true });
  });

  it('ignores a stored value it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem(LANGUAGE_KEY, '{not json');
    expect(readLanguageChoice(storage)).toBeNull();
    storage.setItem(LANGUAGE_KEY, JSON.stringify({ language: 'xx' }));
    expect(deviceLanguage(storage, { language: 'es' })).toBe('es');
  });
});
