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
    ['MEDIA_STORE', 'ftp'],
    ['S3_ENDPOINT', 'not a url'],
  ])('stops on a bad %s with a message naming it', (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrow(EnvError);
    expect(() => readEnv({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('keeps photos on disk unless MEDIA_STORE=s3, which needs a bucket and keys', () => {
    expect(readEnv({}).MEDIA_STORE).toBe('disk');
    expect(() => readEnv({ MEDIA_STORE: 's3', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(/S3_BUCKET: required when MEDIA_STORE=s3/);
    expect(() => readEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID: required[\s\S]*S3_SECRET_ACCESS_KEY: required/);
    const env = readEnv({ MEDIA_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(env).toMatchObject({ MEDIA_STORE: 's3', S3_REGION: 'us-east-1' });
  });

  it('needs one CAPTCHA_SECRET for all instances when they share PostgreSQL', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://db/toys' })).toThrow(/CAPTCHA_SECRET: required when DATABASE_URL is set/);
    expect(readEnv({ DATABASE_URL: 'postgres://db/toys', CAPTCHA_SECRET: 'a-long-shared-secret' }).DATABASE_URL).toBe('postgres://db/toys');
  });
});
