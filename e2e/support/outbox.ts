import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from './browser.js';

// Reads the mails the server wrote to DATA_DIR/outbox (SMTP_URL is unset in e2e runs).

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function readOutbox(): string[] {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => decodeQuotedPrintable(fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** Waits for a mail to `to` whose text matches `pattern`, and returns the mail. */
export async function waitForMail(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readOutbox().find((m) => m.toLowerCase().includes(to.toLowerCase()) && pattern.test(m));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
