import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../shared/languages.js';

// Every shipped language has every message (decision 042): a text missing in one would show in
// English there. Plurals are checked against the language's own plural categories (Intl), and
// each translation keeps the placeholders of the English text.

const LOCALE_DIRS = [join(import.meta.dirname, 'locales'), join(import.meta.dirname, '../../sync-server/i18n/locales')];

/** HTML's void elements: react-i18next's <Trans> parses a message's tags as HTML, where these take no content. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flattens nested messages to "a.b.c" keys. */
function flatten(messages: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else throw new Error(`${path} is neither a text nor a group`);
  }
  return out;
}

function read(dir: string, language: Language, file: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(dir, language, file), 'utf8')));
}

/** The keys a language needs for the English keys: plural keys once per plural category of that language. */
function expectedKeys(english: Map<string, string>, language: Language): Set<string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) keys.add(key);
    else for (const category of categories) keys.add(`${base}_${category}`);
  }
  return keys;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

describe.each(LOCALE_DIRS.map((dir) => [relative(process.cwd(), dir), dir]))('messages in %s', (_name, dir) => {
  const files = readdirSync(join(dir, 'en')).filter((f) => f.endsWith('.json'));

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every English message, no other, each with its placeholders', (language) => {
    expect(readdirSync(join(dir, language)).sort()).toEqual(files.sort());
    for (const file of files) {
      const english = read(dir, 'en', file);
      const translated = read(dir, language, file);
      const wanted = expectedKeys(english, language);
      const missing = [...wanted].filter((key) => !translated.has(key)).map((key) => `${file}: ${key}`);
      const extra = [...translated.keys()].filter((key) => !wanted.has(key)).map((key) => `${file}: ${key}`);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key, text] of translated) {
        expect(text.trim(), `${language}/${file}: ${key} is empty`).not.toBe('');
        const source = english.get(key) ?? english.get(`${key.replace(PLURAL_SUFFIX, '')}_other`) ?? '';
        expect(placeholders(text), `${language}/${file}: ${key} placeholders`).toEqual(placeholders(source));
      }
    }
  });

  it('names no <Trans> tag after an HTML void element (<link>Text</link> would leave the text outside the link)', () => {
    for (const language of LANGUAGES) {
      for (const file of files) {
        for (const [key, text] of read(dir, language, file)) {
          const tags = [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]!.toLowerCase());
          expect(tags.filter((tag) => VOID_ELEMENTS.has(tag)), `${language}/${file}: ${key}`).toEqual([]);
        }
      }
    }
  });

  it('English has the plural forms English needs', () => {
    for (const file of files) {
      const english = read(dir, 'en', file);
      const bases = new Set([...english.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')));
      for (const base of bases) expect(english.has(`${base}_one`) && english.has(`${base}_other`), `${file}: ${base}`).toBe(true);
    }
  });
});
