// Spec sections 7 and 8: both contact forms post here and show whatever `msg` comes back,
// success or failure; a network or parsing failure is only logged.

import type { z } from 'zod';
import type { contactSchema } from '../../../shared/schemas/support.js';
import type { DELETION_SUBJECT } from '../../../shared/schemas/support-rules.js';
import { ApiError, apiJson } from '../../lib/http.js';

/** The body as sent: the shared schema's input (the server trims and fills in the subject). */
type ContactMessage = z.input<typeof contactSchema>;
type DeletionRequest = { email: string; subject: typeof DELETION_SUBJECT; message: string; deleteAccount: boolean };

/**
 * POSTs a public form. Answers the text the server sent, `msg` on success or `error` on a
 * refusal (the spec shows either); '' on a network or parsing failure, which is only logged.
 */
async function postPublic(path: string, body: unknown): Promise<string> {
  try {
    const data = await apiJson(path, { method: 'POST', body });
    // zod loads only now, with the answer in hand: the forms are precached for a first visit.
    const { msgSchema } = await import('../../../shared/schemas/rest.js');
    const answer = msgSchema.safeParse(data);
    return answer.success ? answer.data.msg : '';
  } catch (error) {
    if (error instanceof ApiError && !error.network) return error.message;
    console.error(`${path} failed`, error);
    return '';
  }
}

/** The text to show for a contact response. */
export function sendContactMessage(body: ContactMessage): Promise<string> {
  return postPublic('/api/public/contactus', body);
}

/** Spec section 7: the deletion form's response is ignored. */
export async function sendDeletionRequest(body: DeletionRequest): Promise<void> {
  await postPublic('/api/public/deletionform', body);
}

/** Spec section 5: the deletion form silently does nothing unless these hold. */
export function deletionRequestIsSendable(email: string, deleteAccount: boolean): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@') && deleteAccount;
}

export { CONTACT_EMAIL_MAX as EMAIL_MAX, CONTACT_MESSAGE_MAX as MESSAGE_MAX } from '../../../shared/schemas/support-rules.js';
