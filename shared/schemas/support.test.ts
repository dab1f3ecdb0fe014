import { describe, expect, it } from 'vitest';
import { contactSchema, deletionRequestSchema } from './support.js';

describe('support schemas', () => {
  it('default the contact subject and keep the bee-health one', () => {
    expect(contactSchema.parse({ email: 'a@example.com', message: 'hi' }).subject).toBe('Contact Form');
    expect(contactSchema.parse({ email: 'a@example.com', message: 'hi', subject: '' }).subject).toBe('Contact Form');
    expect(contactSchema.parse({ email: 'a@example.com', message: 'hi', subject: 'Bee Healthy Contact Form' }).subject).toBe(
      'Bee Healthy Contact Form',
    );
  });

  it('bound the contact email to 500 and the message to 1000 characters', () => {
    const email = `${'a'.repeat(488)}@example.com`; // exactly 500
    expect(contactSchema.safeParse({ email, message: 'm'.repeat(1000) }).success).toBe(true);
    expect(contactSchema.safeParse({ email: `a${email}`, message: 'hi' }).success).toBe(false);
    expect(contactSchema.safeParse({ email: 'a@example.com', message: 'm'.repeat(1001) }).success).toBe(false);
  });

  it('need the deletion box ticked and an @ in the email; the message is optional', () => {
    expect(deletionRequestSchema.parse({ email: 'a@b', deleteAccount: true })).toEqual({
      email: 'a@b',
      subject: 'Deletion Form',
      message: '',
      deleteAccount: true,
    });
    expect(deletionRequestSchema.safeParse({ email: 'a@b', deleteAccount: false }).success).toBe(false);
    expect(deletionRequestSchema.safeParse({ email: 'ab', deleteAccount: true }).success).toBe(false);
  });
});
