import { describe, expect, it } from 'vitest';
import { EnvError, paymentsConfigured, readEnv } from './env.js';

describe('readEnv', () => {
  it('has working defaults for every variable', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 8080, HOST: '127.0.0.1', DATA_DIR: './data', APP_URL: 'http://localhost:8080' });
    expect(env.MAIL_FROM).toBe('Toy Rotation <no-reply@localhost>');
    expect(paymentsConfigured(env)).toBe(false);
  });

  it('derives APP_URL from PORT and drops a trailing slash from a given one', () => {
    expect(readEnv({ PORT: '3000' }).APP_URL).toBe('http://localhost:3000');
    expect(readEnv({ APP_URL: 'https://toys.example.com/' }).APP_URL).toBe('https://toys.example.com');
  });

  it('treats empty strings as unset', () => {
    expect(readEnv({ SMTP_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['APP_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'mail.example.com'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['CAPTCHA_SECRET', 'short'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrow(EnvError);
    expect(() => readEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
