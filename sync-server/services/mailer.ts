import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** `headers`: extra header lines (e.g. List-Unsubscribe), passed to nodemailer as they are. */
export type Mail = { to: string; subject: string; text: string; replyTo?: string; headers?: Record<string, string> };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox as an
 * .eml file (and only that fact logged), so a fresh install can reset passwords locally.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`;
      await fs.writeFile(path.join(options.outboxDir, name), info.message as Buffer);
      // The link stays in the file: a reset link in the log would let anyone who reads logs reset.
      options.log?.(`mail to ${mail.to} written to outbox/${name}`);
    },
  };
}
