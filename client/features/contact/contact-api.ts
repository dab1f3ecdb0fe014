// Spec sections 7 and 8: both contact forms post here and show whatever `msg` comes back,
// success or failure; a network or parsing failure is only logged.

export type ContactMessage = { email: string; subject: string; message: string };
export type DeletionRequest = { email: string; subject: 'Deletion Form'; message: string; deleteAccount: boolean };

async function postPublic(path: string, body: unknown): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  } catch (error) {
    console.error(`${path} failed`, error);
    return null;
  }
}

/** The text to show for a contact response: its msg (or, from our server's errors, error). */
export async function sendContactMessage(body: ContactMessage): Promise<string> {
  const data = await postPublic('/api/public/contactus', body);
  if (!data) return '';
  const text = typeof data.msg === 'string' ? data.msg : typeof data.error === 'string' ? data.error : '';
  return text;
}

export async function sendDeletionRequest(body: DeletionRequest): Promise<void> {
  await postPublic('/api/public/deletionform', body);
}

/** Spec section 5: the deletion form silently does nothing unless these hold. */
export function deletionRequestIsSendable(email: string, deleteAccount: boolean): boolean {
  const trimmed = email.trim();
  return trimmed !== '' && trimmed.includes('@') && deleteAccount;
}

export { CONTACT_EMAIL_MAX as EMAIL_MAX, CONTACT_MESSAGE_MAX as MESSAGE_MAX } from '../../../shared/schemas/support';
