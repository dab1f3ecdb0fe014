import { z } from 'zod';
import { emailField } from './auth.js';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_SUBJECT, DELETION_SUBJECT } from './support-rules.js';

// The two public forms (spec sections 3, 5 and 7): contact (also used by the bee-health page)
// and the account deletion request.

const SUBJECT_MAX = 100;

function subjectField(fallback: string) {
  return z
    .string()
    .trim()
    .max(SUBJECT_MAX, `The subject can have at most ${SUBJECT_MAX} characters.`)
    .optional()
    .transform((subject) => subject || fallback);
}

export const contactSchema = z.object({
  email: emailField(CONTACT_EMAIL_MAX),
  subject: subjectField(CONTACT_SUBJECT),
  message: z
    .string({ error: 'Please write a message.' })
    .trim()
    .min(1, 'Please write a message.')
    .max(CONTACT_MESSAGE_MAX, `A message can have at most ${CONTACT_MESSAGE_MAX} characters.`),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const deletionRequestSchema = z.object({
  // Spec section 5: only "has an @" is checked here, as the deletion page does.
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(CONTACT_EMAIL_MAX, `An email address can have at most ${CONTACT_EMAIL_MAX} characters.`)
    .refine((email) => email.includes('@'), 'Please enter a valid email address.'),
  subject: subjectField(DELETION_SUBJECT),
  message: z
    .string()
    .trim()
    .max(CONTACT_MESSAGE_MAX, `A message can have at most ${CONTACT_MESSAGE_MAX} characters.`)
    .optional()
    .transform((message) => message ?? ''),
  deleteAccount: z.literal(true, { error: 'Please tick "Delete account and associated data".' }),
});
export type DeletionRequestInput = z.infer<typeof deletionRequestSchema>;

export const SUPPORT_MESSAGES = {
  contactThanks: 'Thank you for your message! We will get back to you soon.',
  deletionReceived: 'We have received your deletion request and will contact you by email to confirm it.',
} as const;
