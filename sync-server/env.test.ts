import { describe, expect, it } from 'vitest';
import { TEST_VAPID_KEYS } from './test-support/vapid-keys.js';
import { dkimSettings, EnvError, paymentsConfigured, readEnv } from './env.js';

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
    ['LOG_LEVEL', 'verbose'],
    ['METRICS_PATH', 'metrics'],
    ['METRICS_PATH', '/api/metrics'],
    ['DKIM_DOMAIN', 'not a domain'],
    ['DKIM_SELECTOR', 'two words'],
    ['DKIM_PRIVATE_KEY', 'not a key'],
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
    expect(readEnv({ DATABASE_URL: 'postgres://db/toys', CAPTCHA_SECRET: 'a-long-shared-secret', ...TEST_VAPID_KEYS }).DATABASE_URL).toBe('postgres://db/toys');
  });

  it('logs at LOG_LEVEL, debug included, and serves metrics at METRICS_PATH (off: none)', () => {
    expect(readEnv({}).LOG_LEVEL).toBe('info');
    expect(readEnv({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(readEnv({}).METRICS_PATH).toBe('/metrics');
    expect(readEnv({ METRICS_PATH: '/internal/metrics' }).METRICS_PATH).toBe('/internal/metrics');
    expect(readEnv({ METRICS_PATH: 'off' }).METRICS_PATH).toBe('off');
  });

  it('signs mail with DKIM only with all three DKIM_ variables; a one-line key may use \\n', () => {
    const key = '-----BEGIN PRIVATE KEY-----\\nMIIEvQ\\n-----END PRIVATE KEY-----';
    expect(dkimSettings(readEnv({}))).toBeNull();
    expect(() => readEnv({ DKIM_DOMAIN: 'example.com' })).toThrow(/DKIM_SELECTOR: required[\s\S]*DKIM_PRIVATE_KEY: required/);
    const dkim = dkimSettings(readEnv({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: key }));
    expect(dkim).toEqual({ domainName: 'example.com', keySelector: 'mail2026', privateKey: '-----BEGIN PRIVATE KEY-----\nMIIEvQ\n-----END PRIVATE KEY-----' });
  });
});
