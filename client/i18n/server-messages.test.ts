import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../shared/schemas/auth.js';
import { WEAK_PASSWORD_MESSAGE } from '../../shared/domain/password-strength.js';
import { OFFLINE_MESSAGE, UNEXPECTED_ANSWER_MESSAGE } from '../lib/http.js';
import english from './locales/en/common.json';
import { showLanguage } from './i18n.js';
import { localizeMessage } from './server-messages.js';
import { knownText } from './known-texts.js';
import { withScreenMessages } from './i18n.js';
import { HOUSEHOLD_LEFT, HOUSEHOLD_MESSAGES } from '../../shared/schemas/household.js';
import { PASSKEY_MESSAGES } from '../../shared/schemas/passkeys.js';
import { SUPPORT_MESSAGES } from '../../shared/schemas/support.js';
import { ALREADY_PREMIUM_MESSAGE, NO_SUBSCRIPTION_MESSAGE, PAYMENTS_OFF_MESSAGE } from '../../shared/schemas/billing-messages.js';
import { PUSH_MESSAGES } from '../../sync-server/routes/push.js';
import { UNAVAILABLE_MESSAGES } from '../../sync-server/lib/unavailable.js';
import { TOO_MANY_ATTEMPTS } from '../../sync-server/services/rate-limit.js';
import { CANCEL_BEFORE_DELETE_MESSAGE } from '../../sync-server/services/billing/account-deletion.js';
import { STRIPE_DOWN_MESSAGE } from '../../sync-server/services/billing/stripe-call.js';
import { PUSH_PROBLEMS } from '../push/push-device.js';
import settingsEnglish from './locales/en/settings.json';

/** Household texts only the join screen meets (its own group has them). */
const JOIN_ONLY = new Set<string>([HOUSEHOLD_MESSAGES.inviteInvalid, HOUSEHOLD_MESSAGES.alreadyMember, HOUSEHOLD_MESSAGES.bringFromShared]);

afterEach(() => showLanguage('en'));

describe("the server's messages", () => {
  it('are all known, word for word, so each shows translated', () => {
    const known = new Set(Object.values(english.server));
    for (const text of [...Object.values(AUTH_MESSAGES), WEAK_PASSWORD_MESSAGE, OFFLINE_MESSAGE, UNEXPECTED_ANSWER_MESSAGE]) expect(known, text).toContain(text);
  });

  it('show in the chosen language; an unknown text stays as sent', async () => {
    expect(localizeMessage(AUTH_MESSAGES.badLogin)).toBe('Wrong email or password.');
    await showLanguage('de');
    expect(localizeMessage(AUTH_MESSAGES.badLogin)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(localizeMessage('Something new from a newer server.')).toBe('Something new from a newer server.');
  });
});

// Every text the server answers (`{"error": ...}` or a notice) to the signed-in app and the
// public forms, grouped by where the app looks it up: each must show translated (decision 056).
// Texts of the fetch core and of the general list (common:server) are known on every screen;
// a screen's own group (join:server, pricing:server, contact:server) adds its own.
describe('every text the server answers to the app', () => {
  const everywhere = [
    ...Object.values(AUTH_MESSAGES),
    WEAK_PASSWORD_MESSAGE,
    OFFLINE_MESSAGE,
    UNEXPECTED_ANSWER_MESSAGE,
    ...Object.values(HOUSEHOLD_MESSAGES).filter((text) => !JOIN_ONLY.has(text)),
    HOUSEHOLD_LEFT.error,
    // "The passkey was removed." is answered, but Settings says its own success text.
    ...Object.values(PASSKEY_MESSAGES).filter((text) => text !== PASSKEY_MESSAGES.removed),
    // Turning notifications on and off is said by Settings in its own words; the test's notice and refusals are the server's.
    PUSH_MESSAGES.testSent,
    PUSH_MESSAGES.unknownDevice,
    PUSH_MESSAGES.testFailed,
    ...Object.values(UNAVAILABLE_MESSAGES),
    TOO_MANY_ATTEMPTS,
    CANCEL_BEFORE_DELETE_MESSAGE,
    STRIPE_DOWN_MESSAGE,
    'Something went wrong on our side. Please try again later.',
    'Please log in again.',
    'Your session has ended. Please log in again.',
    'Please log in to continue.',
    'The request is too large (3 MB at most).',
    'The request body must be valid JSON.',
  ];
  const byScreen: [string, string[]][] = [
    ['join:server', [...JOIN_ONLY, ...everywhere]],
    ['pricing:server', [ALREADY_PREMIUM_MESSAGE, NO_SUBSCRIPTION_MESSAGE, PAYMENTS_OFF_MESSAGE, ...everywhere]],
    ['contact:server', [...Object.values(SUPPORT_MESSAGES), ...everywhere]],
  ];

  it.each(['es', 'de', 'fr'] as const)('show in %s on every screen that shows them', async (language) => {
    await withScreenMessages(Promise.resolve());
    await showLanguage(language);
    for (const text of everywhere) expect(localizeMessage(text), text).not.toBe(text);
    for (const [group, texts] of byScreen) for (const text of texts) expect(knownText(group, text), `${group}: ${text}`).not.toBe(text);
    expect(localizeMessage('The server answered 502')).toContain('502');
    expect(localizeMessage('The server answered 502')).not.toBe('The server answered 502');
  });

  it('show in English word for word', () => {
    for (const text of everywhere) expect(localizeMessage(text)).toBe(text);
    for (const [group, texts] of byScreen) for (const text of texts) expect(knownText(group, text)).toBe(text);
  });
});

describe("the device's own notification problems", () => {
  it('are known to Settings word for word, and read in German', async () => {
    expect(settingsEnglish.notifications.problems).toEqual(PUSH_PROBLEMS);
    await withScreenMessages(Promise.resolve());
    await showLanguage('de');
    expect(knownText('settings:notifications.problems', PUSH_PROBLEMS.blocked)).toBe(
      'Benachrichtigungen sind für diese Seite blockiert. Erlaube sie in den Browsereinstellungen und versuche es dann noch einmal.',
    );
  });
});

// The shared schemas' own rules ("Title is required") reach a person two ways: in a server's
// validation answer ("row 3: toys.title: Title is required") and as a local write's refusal.
// Every one in shared/schemas is either in common:rules (or common:server) or named here as a
// developer's answer no screen can cause (the app never sends such a request).
const API_ONLY = new Set([
  'A collection id is required',
  'A collection id is 64 characters at most',
  'A collection id is letters, digits, - and _',
  'A child id is 64 characters at most',
  'ids are letters, digits, - and _',
  'a media id is a SHA-256 hex digest',
  'An observation is lot, little or none',
  'rotationMode is random or balanced',
  'timeZone is an IANA time zone name',
  'name: A name is required.',
  'code: The invite code is required.',
  'bringMyToys: Say whether to bring your toys (true or false).',
  'userId: Whom to hand over to is required.',
  'must be base64url',
  'The push endpoint must be a URL.',
  'keys.p256dh must be base64url.',
  'keys.p256dh must be a P-256 public key.',
  'keys.auth must be base64url.',
  'keys.auth must be 16 bytes.',
  'Too many names',
  'reminderEmail is true or false',
  'Send toyTypes or toysBaskets as a list of names, or rotationMode, rotationIntervalDays, reminderEmail or timeZone',
  'limit is a whole number',
  // Chosen from a list on screen:
  'The language must be one of {{}}.',
  'The reason is one of: {{}}',
  '{{}} is the first child\'s id',
]);

/**
 * The rule texts written in shared/schemas (zod's .min(n, '…'), { error: '…' }, { message: '…' }...);
 * one with a value in it (`… ${TITLE_MAX} characters at most`) with each value as `{{}}`.
 */
function schemaRules(): string[] {
  const dir = join(import.meta.dirname, '../../shared/schemas');
  const text = String.raw`'([^']+)'|"([^"]+)"|\`([^\`]+)\``;
  const rule = new RegExp(
    String.raw`\.(?:min|max|int|regex|url|length|nonempty)\((?:[^,()]*|/[^/]*/), (?:${text})\)|\.(?:int|url|nonempty)\((?:${text})\)|\.refine\(.*, (?:${text})\)|(?:error|message): (?:${text})`,
    'g',
  );
  const texts = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) => [...readFileSync(join(dir, name), 'utf8').matchAll(rule)].map((match) => match.slice(1).find((group) => group !== undefined)!))
    .map((found) => found.replace(/\$\{[^}]*\}/g, '{{}}'));
  // One rule is built from a constant: the whole number of toys.
  return [...new Set([...texts, 'The number of toys must be a whole number'])];
}

/** A rule of the app's words with its values as `{{}}`, as schemaRules reads them. */
const shape = (english: string) => english.replace(/\{\{\w+\}\}/g, '{{}}');

describe("the shared schemas' rules", () => {
  it('are each known to the app, or named as a developer-only answer', () => {
    const rules = schemaRules();
    expect(rules.length).toBeGreaterThan(30);
    const known = new Set([...Object.values(english.rules), ...Object.values(english.server)].map(shape));
    for (const text of rules) expect(known.has(text) || API_ONLY.has(text), text).toBe(true);
    for (const text of API_ONLY) expect(rules, `${text} is no longer a rule: take it off the list`).toContain(text);
  });

  it.each(['es', 'de', 'fr'] as const)('show in %s, also after the field a validation answer names', async (language) => {
    await showLanguage(language);
    for (const text of Object.values(english.rules)) {
      const sent = text.replace(/\{\{\w+\}\}/g, '12'); // as the server says it, with its numbers
      expect(localizeMessage(sent), sent).not.toBe(sent);
    }
    const title = localizeMessage('Title is required');
    expect(localizeMessage('row 3: toys.title: Title is required')).toBe(title);
    expect(localizeMessage('children.0.birthYear: The birth year is from 1990')).toBe(localizeMessage('The birth year is from 1990'));
    // A field with a rule the app does not know stays as sent, field and all.
    expect(localizeMessage('toys.title: Something new')).toBe('toys.title: Something new');
    // A rule with a limit in it reads the limit back into the words.
    expect(localizeMessage('location: The storage place is 200 characters at most')).toMatch(/ 200 /);
    expect(localizeMessage('The storage place is 200 characters at most')).not.toBe('The storage place is 200 characters at most');
  });
});
