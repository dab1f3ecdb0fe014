import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, registerSchema, resetTokenSchema } from './auth.js';

describe('auth schemas', () => {
  it('trim and lower-case emails, as accounts are stored', () => {
    expect(loginSchema.parse({ email: '  Mum@Example.COM ', password: 'x' }).email).toBe('mum@example.com');
  });

  it('accept what a browser email input accepts', () => {
    expect(forgotPasswordSchema.safeParse({ email: 'mum@localhost' }).success).toBe(true);
    expect(forgotPasswordSchema.safeParse({ email: 'mum@' }).success).toBe(false);
    expect(forgotPasswordSchema.safeParse({ email: 'two words@example.com' }).success).toBe(false);
  });

  it('take passwords of 8 to 128 characters and usernames of 1 to 50', () => {
    const base = { username: 'Ada', email: 'a@example.com', password: '12345678', tokenReCap: 't' };
    expect(registerSchema.safeParse(base).success).toBe(true);
    expect(registerSchema.safeParse({ ...base, password: 'x'.repeat(128) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...base, password: '1234567' }).success).toBe(false);
    expect(registerSchema.safeParse({ ...base, password: 'x'.repeat(129) }).success).toBe(false);
    expect(registerSchema.parse({ ...base, username: '  Ada  ' }).username).toBe('Ada');
    expect(registerSchema.safeParse({ ...base, username: 'u'.repeat(51) }).success).toBe(false);
  });

  it('accept reset tokens as newToken() makes them, nothing odd', () => {
    expect(resetTokenSchema.safeParse('AbC-_'.repeat(9)).success).toBe(true);
    expect(resetTokenSchema.safeParse('../../etc').success).toBe(false);
  });
});
