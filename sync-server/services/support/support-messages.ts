import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../context.js';
import { emailLanguage, emailText, type EmailText } from '../../i18n/emails.js';
import { accountLanguage } from '../../i18n/recipient-language.js';
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
  await forward(deps, input.subject, input.email, (t) => [t('support.from', { email: input.email }), '', input.message]);
  return SUPPORT_MESSAGES.contactThanks;
}

/** Stores an account deletion request and forwards it to support, who confirm with the sender. */
export async function submitDeletionRequest(deps: Deps, input: DeletionRequestInput): Promise<string> {
  await store(deps, 'deletion', input);
  await forward(deps, input.subject, input.email, (t) => [
    t('support.deletionBy', { email: input.email }),
    t('support.deletionYes'),
    '',
    input.message || t('support.noMessage'),
    '',
    t('support.confirm'),
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
 * It goes to support, not to the sender: in the language of the support address's account if
 * it has one, else English (the operator's, decision 050), whatever the sender's language.
 */
async function forward(deps: Deps, subject: string, replyTo: string, lines: (t: EmailText) => string[]): Promise<void> {
  const to = deps.env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_ADDRESS;
  const language = emailLanguage(await accountLanguage(deps.db, to).catch(() => null));
  const t = emailText(language);
  const mail = {
    to,
    subject: t('support.subject', { subject: subject.replace(/[\r\n\t]+/g, ' ') }),
    text: lines(t).join('\n'),
    replyTo,
    language,
  };
  await deps.mailer.send(mail).catch((err: unknown) => {
    deps.log(`error: support mail "${subject}" failed: ${err instanceof Error ? err.message : String(err)}`);
  });
}
