import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Language } from '../../shared/languages.js';

/**
 * An email as the services write it: plain text (its text/plain part; the HTML part is laid
 * out from it, mail/layout.tsx). `language`: the one its text is in (i18n/emails.ts), so the
 * HTML part's own words and lang match it; English when absent. `headers`: extra header lines
 * (e.g. List-Unsubscribe).
 */
export type Mail = { to: string; subject: string; text: string; language?: Language; replyTo?: string; headers?: Record<string, string> };
export type Mailer = { send(mail: Mail): Promise<void> };

/** nodemailer's DKIM options (env.ts dkimSettings): every message is signed when set. */
export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

/** The message nodemailer sends: multipart/alternative (text, then HTML), signed when DKIM is set. */
async function message(mail: Mail, from: string, dkim: DkimOptions | undefined) {
  // Loaded with the first email, not at start: most of the server's work sends none.
  const { mailHtml } = await import('./mail/layout.js');
  const { language, ...fields } = mail;
  return { from, ...fields, html: await mailHtml(mail.subject, mail.text, language), ...(dkim ? { dkim } : {}) };
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as an
 * .eml file (and only that fact logged), so a fresh install can reset passwords locally.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  dkim?: DkimOptions;
  log?: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(await message(mail, options.from, options.dkim));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(await message(mail, options.from, options.dkim));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`;
      // Written beside it and renamed: whoever reads the outbox never sees half a message.
      const file = path.join(options.outboxDir, name);
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      // The link stays in the file: a reset link in the log would let anyone who reads logs reset.
      options.log?.(`mail to ${mail.to} written to outbox/${name}`);
    },
  };
}
