import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processResetRequests } from '../services/auth/password-reset.js';
import { sendDueReminders } from '../services/practice/schedule-reminders.js';
import { person } from '../test-support/households.js';
import { insertToys } from '../test-support/toys.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';

// Emails go out in the recipient's language (issue 24, decision 050): the account's language;
// for an address with no account (or an account that has none yet), the language of the
// request that caused the mail; else English. Checked on the message as sent: the subject
// header, the text part and the HTML part (its own words and lang too).

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://toys.example.org' });
});
afterAll(async () => {
  await t.close();
});

/** RFC 2047 encoded words ("=?UTF-8?Q?Restablece_tu_contrase=C3=B1a?=") as text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?') // whitespace between two encoded words is not part of the text
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/** A MIME part's body, decoded (quoted-printable or base64, UTF-8). */
function decodeBody(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

type Sent = { subject: string; text: string; html: string };

/** The last message to `to` in the outbox (the .eml files nodemailer wrote), if any. */
function lastMailTo(to: string): string | undefined {
  const dir = path.join(t.dataDir, 'outbox');
  const raws = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')).map((name) => fs.readFileSync(path.join(dir, name), 'utf8')) : [];
  return raws.filter((message) => new RegExp(`^To: ${to}$`, 'mi').test(message)).at(-1);
}

/**
 * The message to `to` as the outbox holds it: subject, text part, HTML part. Waits for it: the
 * server's own reset mailer runs after each request, so it may have claimed a request that the
 * test's processResetRequests then finds done and still be sending it.
 */
async function received(to: string): Promise<Sent> {
  let raw = lastMailTo(to);
  for (let waited = 0; !raw && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    raw = lastMailTo(to);
  }
  if (!raw) throw new Error(`no mail to ${to}`);
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const subject = decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1] ?? '';
  const parts = raw.split(`--${boundary}`).slice(1, -1).map((part) => {
    const [headers = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    return { headers, body: decodeBody(headers, rest.join('\n\n')).replace(/\r\n/g, '\n') };
  });
  const of = (type: string) => parts.find((part) => new RegExp(`content-type:\\s*${type}`, 'i').test(part.headers))?.body ?? '';
  return { subject, text: of('text/plain'), html: of('text/html') };
}

async function speaker(language: string | null, username = 'Parent') {
  const someone = await person(t, { username });
  if (language) expect((await someone.api.put('/api/auth/language', { language })).status).toBe(200);
  return someone;
}

const forgot = (email: string, acceptLanguage?: string) =>
  t.app.request('/api/auth/forgotpassword', {
    ...jsonRequest('POST', { email }),
    headers: { 'content-type': 'application/json', ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });

describe('password reset email', () => {
  it('is in Spanish, subject and body, text and HTML, for a Spanish-speaking account', async () => {
    const maria = await speaker('es');
    // The request's own language does not outweigh the account's.
    expect((await forgot(maria.email, 'de')).status).toBe(200);
    await processResetRequests(t.deps);
    const mail = await received(maria.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Toy Rotation');
    expect(mail.text).toContain('Hola:');
    expect(mail.text).toContain('Abre este enlace para elegir una contraseña nueva:');
    expect(mail.text).toMatch(/https:\/\/toys\.example\.org\/resetpassword\/[\w-]+/);
    expect(mail.text).toContain('El enlace funciona una vez, durante 30 minutos.');
    expect(mail.text).not.toMatch(/Hello|Open this link|password stays/);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('Abre este enlace para elegir una contraseña nueva:');
    expect(mail.html).toContain('Abrir Toy Rotation');
    expect(mail.html).not.toMatch(/Open Toy Rotation|Open this link/);
  });

  it('is in the asking request\'s language for an account that has none yet, and English when neither says', async () => {
    const anne = await speaker(null);
    expect((await forgot(anne.email, 'fr-CA,fr;q=0.9,en;q=0.8')).status).toBe(200);
    const bob = await speaker(null);
    expect((await forgot(bob.email)).status).toBe(200);
    await processResetRequests(t.deps);
    expect((await received(anne.email)).subject).toBe('Réinitialisez votre mot de passe Toy Rotation');
    expect((await received(anne.email)).html).toContain('lang="fr"');
    const english = await received(bob.email);
    expect(english.subject).toBe('Reset your Toy Rotation password');
    expect(english.text).toContain('Open this link to choose a new password:');
    expect(english.html).toContain('lang="en"');
    expect(english.html).toContain('Open Toy Rotation');
  });
});

describe('rotation reminder email', () => {
  it('is in Spanish, subject and body, text and HTML, for a Spanish-speaking owner (an unnamed child too)', async () => {
    const maria = await speaker('es');
    await insertToys(t.deps, maria.userId, 4);
    await maria.api.put('updateSettings', { rotationIntervalDays: 2, reminderEmail: true });
    await maria.api.get('pickRandomToys');
    t.advance(2 * DAY);
    await sendDueReminders(t.deps);
    const mail = await received(maria.email);
    expect(mail.subject).toBe('Hoy toca rotar los juguetes: Tu hijo');
    expect(mail.text).toContain('Es hora de rotar los juguetes de Tu hijo.');
    expect(mail.text).toContain('Abre Toy Rotation y pulsa Rotar: https://toys.example.org/rotation');
    expect(mail.text).toMatch(/Dejar de recibir estos correos: https:\/\/toys\.example\.org\/api\/reminders\/unsubscribe\/\S+/);
    expect(mail.text).not.toMatch(/Hello|time to rotate|Stop these emails/);
    expect(mail.html).toContain('lang="es"');
    expect(mail.html).toContain('Recibes este correo porque los recordatorios de rotación están activados en Ajustes.');
    expect(mail.html).not.toMatch(/Stop these emails|time to rotate/);

    // Its unsubscribe link opens pages in the same language, whatever the browser's.
    const link = new URL(/Dejar de recibir estos correos: (\S+)/.exec(mail.text)![1]!);
    const ask = await t.app.request(link.pathname, { headers: { accept: 'text/html', 'accept-language': 'en-US,en' } });
    const asked = await ask.text();
    expect(asked).toContain('<html lang="es">');
    expect(asked).toContain('¿Dejar de recibir recordatorios de rotación?');
    const done = await t.app.request(link.pathname, { method: 'POST', headers: { accept: 'text/html' } });
    expect(await done.text()).toContain('Ya no recibirás correos de recordatorio de rotación.');
  });
});

describe('invite email', () => {
  const invite = (from: Awaited<ReturnType<typeof speaker>>, email: string, acceptLanguage?: string) =>
    t.app.request('/api/household/invites', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}`, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
      body: JSON.stringify({ email }),
    });

  it("is in the invited account's language, else in the inviting request's", async () => {
    const ada = await speaker('en', 'Ada');
    const claire = await speaker('fr', 'Claire');
    expect((await invite(ada, claire.email, 'en')).status).toBe(200);
    const toClaire = await received(claire.email);
    expect(toClaire.subject).toMatch(/^Ada vous invite à rejoindre .+ sur Toy Rotation$/);
    expect(toClaire.text).toContain('Ouvrez ce lien pour rejoindre la famille (il fonctionne une fois, pendant 7 jours) :');
    expect(toClaire.html).toContain('lang="fr"');

    const stranger = 'oma@example.com';
    expect((await invite(ada, stranger, 'de-AT,de;q=0.9')).status).toBe(200);
    const toStranger = await received(stranger);
    expect(toStranger.subject).toMatch(/^Ada lädt dich zu .+ bei Toy Rotation ein$/);
    expect(toStranger.text).toContain('Öffne diesen Link, um beizutreten (er funktioniert einmal, 7 Tage lang):');
    expect(toStranger.html).toContain('lang="de"');
  });
});
