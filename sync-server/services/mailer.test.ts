import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('outbox mailer', () => {
  it('keeps the link in the .eml file and logs only that a mail was written', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-outbox-'));
    const lines: string[] = [];
    const mailer = createMailer({ from: 'Toy Rotation <no-reply@localhost>', outboxDir, log: (line) => lines.push(line) });
    await mailer.send({ to: 'dad@example.com', subject: 'Reset', text: 'Open https://toys.example.org/resetpassword/SECRETTOKEN123' });
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8')).toContain('SECRETTOKEN123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('written to outbox/');
    expect(lines.join('\n')).not.toContain('SECRETTOKEN123');
    expect(lines.join('\n')).not.toContain('https://');
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });
});

/** The decoded body of the part with this content type (quoted-printable, as nodemailer writes text). */
function part(raw: string, type: string): string {
  const start = raw.search(new RegExp(`Content-Type: ${type}`, 'i'));
  if (start < 0) return '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1] ?? '';
  const body = raw.slice(raw.indexOf('\r\n\r\n', start) + 4).split(`\r\n--${boundary}`)[0] ?? '';
  return body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// Through a real SMTP peer (smtp-server on loopback): HTML with the text as its alternative,
// and with DKIM_* set, a DKIM-Signature that a maintained verifier (mailauth) accepts against
// the selector's public key (the TXT record an operator publishes).
describe('SMTP mailer', () => {
  const inbox: string[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          inbox.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  const mail = {
    to: 'mum@example.com',
    subject: 'Reset your Toy Rotation password',
    text: 'Hello,\n\nOpen this link to choose a new password:\n\nhttps://toys.example.org/resetpassword/abc\n\nToy Rotation',
  };

  it('sends HTML laid out from the text, with the text as the plain alternative', async () => {
    await createMailer({ smtpUrl, from: 'Toy Rotation <hello@toys.example.org>', outboxDir: os.tmpdir() }).send(mail);
    const raw = inbox.at(-1)!;
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(part(raw, 'text/plain').replace(/\r\n/g, '\n').trim()).toBe(mail.text);
    const html = part(raw, 'text/html');
    expect(html).toContain('href="https://toys.example.org/resetpassword/abc"');
    expect(html).toContain('Open this link to choose a new password:');
    expect(html).not.toMatch(/<img|<script/);
    expect(raw).not.toMatch(/^DKIM-Signature:/im);
  });

  it('signs every message with DKIM when it is set up, and the signature verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dkim = { domainName: 'toys.example.org', keySelector: 'mail2026', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    await createMailer({ smtpUrl, from: 'Toy Rotation <hello@toys.example.org>', outboxDir: os.tmpdir(), dkim }).send(mail);
    const raw = inbox.at(-1)!;
    expect(raw).toMatch(/^DKIM-Signature: .*d=toys\.example\.org/im);
    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === 'mail2026._domainkey.toys.example.org') return [[record]];
      throw Object.assign(new Error('no such record'), { code: 'ENOTFOUND' });
    };
    const verified = await dkimVerify(raw, { resolver });
    expect(verified.results[0]).toMatchObject({ signingDomain: 'toys.example.org', selector: 'mail2026', status: { result: 'pass' } });
    // A changed body no longer verifies: the check can fail.
    const tampered = raw.replace('choose a new password', 'choose another password');
    expect((await dkimVerify(tampered, { resolver })).results[0]?.status.result).not.toBe('pass');
  });
});
