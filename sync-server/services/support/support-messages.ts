import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import {
  SUPPORT_MESSAGES,
  type ContactInput,
  type DeletionRequestInput,
} from '../../../shared/schemas/support.js';

/** Where support mail goes when SUPPORT_EMAIL is unset: with no SMTP_URL, that is the outbox. */
const DEFAULT_SUPPORT_ADDRESS = 'support@localhost';

type Deps = Pick<AppDeps, 'db' | 'env' | 'mailer' | 'now' | 'log'>;
type Kind = 'contact' | 'deletion';

/** Stores a contact-form message and forwards it to support; answers the thank-you text. */
export async function submitContact(deps: Deps, input: ContactInput): Promise<string> {
  await store(deps, 'contact', { ...input, deleteAccount: false });
  await forward(deps, input.subject, input.email, [`From: ${input.email}`, '', input.message]);
  return SUPPORT_MESSAGES.contactThanks;
}

/** Stores an account deletion request and forwards it to support, who confirm with the sender. */
export async function submitDeletionRequest(deps: Deps, input: DeletionRequestInput): Promise<string> {
  await store(deps, 'deletion', input);
  await forward(deps, input.subject, input.email, [
    `Account deletion requested by: ${input.email}`,
    'Delete account and associated data: yes',
    '',
    input.message || '(no message)',
    '',
    'Confirm with the sender (reply to this email) before deleting the account.',
  ]);
  return SUPPORT_MESSAGES.deletionReceived;
}

async function store(
  deps: Deps,
  kind: Kind,
  input: { email: string; subject: string; message: string; deleteAccount: boolean },
): Promise<void> {
  await deps.db
    .insertInto('support_messages')
    .values({
      id: randomUUID(),
      kind,
      email: input.email,
      subject: input.subject,
      message: input.message,
      delete_account: input.deleteAccount ? 1 : 0,
      created_at: deps.now(),
    })
    .execute();
}

/**
 * The stored row is the record; the mail is a notification. A failing mail server does not
 * fail the form (the message is safe in the database); the failure is logged for the admin.
 */
async function forward(deps: Deps, subject: string, replyTo: string, lines: string[]): Promise<void> {
  const mail = {
    to: deps.env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_ADDRESS,
    subject: `[Toy Rotation] ${subject.replace(/[\r\n\t]+/g, ' ')}`,
    text: lines.join('\n'),
    replyTo,
  };
  await deps.mailer.send(mail).catch((err: unknown) => {
    deps.log(`error: support mail "${subject}" failed: ${err instanceof Error ? err.message : String(err)}`);
  });
}
