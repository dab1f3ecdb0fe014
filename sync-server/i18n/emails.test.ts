import { describe, expect, it } from 'vitest';
import { emailLanguage, emailText, requestLanguage } from './emails.js';

describe('requestLanguage (the Accept-Language of the request that caused a mail)', () => {
  it('takes the best-weighted shipped language, regional tags counting as their language', () => {
    expect(requestLanguage('es')).toBe('es');
    expect(requestLanguage('de-AT,de;q=0.9')).toBe('de');
    expect(requestLanguage('ja, fr;q=0.5, de;q=0.7')).toBe('de');
    expect(requestLanguage('en-GB,en;q=0.9,fr;q=0.8')).toBe('en');
  });

  it('is null when the request names no shipped language (the next choice decides, not English)', () => {
    expect(requestLanguage(undefined)).toBeNull();
    expect(requestLanguage('')).toBeNull();
    expect(requestLanguage('ja, zh;q=0.8, *;q=0.1')).toBeNull();
    expect(requestLanguage('fr;q=0')).toBeNull();
  });
});

describe('emailLanguage and emailText', () => {
  it('takes the first shipped choice, else English', () => {
    expect(emailLanguage(null, 'fr', 'de')).toBe('fr');
    expect(emailLanguage('xx', undefined)).toBe('en');
  });

  it('writes the words of the chosen language with their placeholders filled', () => {
    expect(emailText('de')('reminder.names', { names: 'Ada, Ben', last: 'Cleo' })).toBe('Ada, Ben und Cleo');
    expect(emailText('en')('invite.subject', { inviter: 'Ada <b>', household: 'The Smiths' })).toBe('Ada <b> invites you to The Smiths on Toy Rotation');
  });
});
