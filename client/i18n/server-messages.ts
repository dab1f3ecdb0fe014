import { ApiError } from '../lib/http.js';
import { i18n } from './i18n.js';

// Texts the server sends (its {"error"} and notices) and the fetch core's own are English, the
// spec's wording. The ones this app knows are in `common:server`, and the shared schemas' rules
// in `common:rules`, under the same English text, so a screen shows them in the chosen language;
// an unknown text (a newer server) stays as sent.

let byEnglish: Map<string, string> | null = null;
let patterns: { key: string; pattern: RegExp }[] | null = null;

/** Every known English text to its key: the general answers (`server`) and the shared rules' own words (`rules`). */
function keys(): Map<string, string> {
  if (!byEnglish) {
    const common = i18n.getResourceBundle('en', 'common') as Record<'server' | 'rules', Record<string, string>>;
    byEnglish = new Map((['server', 'rules'] as const).flatMap((group) => Object.entries(common[group]).map(([key, english]) => [english, `${group}.${key}`] as const)));
  }
  return byEnglish;
}

/** The rules with a limit in them ("… {{max}} characters at most"), as patterns that read the values back. */
function rulePatterns(): { key: string; pattern: RegExp }[] {
  if (!patterns) {
    const rules = (i18n.getResourceBundle('en', 'common') as { rules: Record<string, string> }).rules;
    patterns = Object.entries(rules)
      .filter(([, english]) => english.includes('{{'))
      .map(([key, english]) => {
        const source = english.split(/(\{\{\w+\}\})/).map((part) => {
          const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
          return name ? `(?<${name}>\\d+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        });
        return { key: `rules.${key}`, pattern: new RegExp(`^${source.join('')}$`) };
      });
  }
  return patterns;
}

/** The fetch core's own text for a failed call whose answer named no error (client/lib/http.ts). */
const ANSWERED = /^The server answered (\d+)$/;

/** A validation answer names where first ("row 3: toys.title: Title is required"); the rule's words are what a person needs. */
const NAMED_FIELD = /^[\w.[\] -]+: (.+)$/;

/** The server's (English) text in the language shown, when the app knows it. */
export function localizeMessage(text: string): string {
  return knownMessage(text) ?? text;
}

function knownMessage(text: string): string | null {
  const key = keys().get(text);
  if (key) return i18n.t(`common:${key}` as 'common:server.badLogin');
  const answered = ANSWERED.exec(text);
  if (answered) return i18n.t('common:server.answered', { status: answered[1] });
  for (const { key, pattern } of rulePatterns()) {
    const values = pattern.exec(text)?.groups;
    if (values) return i18n.t(`common:${key}` as never, values);
  }
  const field = NAMED_FIELD.exec(text);
  return field ? knownMessage(field[1]!) : null;
}

/** The message a screen shows for a failed call, in the language shown ('' means show nothing). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? localizeMessage(error.message) : '';
}
