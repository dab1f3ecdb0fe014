import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '../../shared/schemas/support.js';
import { TOO_MANY_ATTEMPTS } from '../services/rate-limit.js';
import { serveOnFreePort } from '../test-support/serve-app.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

let nextIp = 1;
/** Each call from its own address unless one is given, so the form limit does not mix tests up. */
const send = (path: string, body: unknown, ip = `198.51.100.${nextIp++}`) =>
  t.app.request(path, jsonRequest('POST', body), { incoming: { socket: { remoteAddress: ip } } });
const stored = () => t.db.selectFrom('support_messages').selectAll().orderBy('created_at').execute();

function outboxFiles(): string[] {
  const dir = path.join(t.dataDir, 'outbox');
  return fs.readdirSync(dir).filter((file) => file.endsWith('.eml')).map((file) => fs.readFileSync(path.join(dir, file), 'utf8'));
}

describe('POST /api/public/contactus', () => {
  it('stores the message, mails support with a reply-to, and thanks the sender', async () => {
    const res = await send('/api/public/contactus', { email: ' Mum@Example.com ', subject: 'Contact Form', message: 'Love the app!' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: SUPPORT_MESSAGES.contactThanks });
    expect(await stored()).toMatchObject([
      { kind: 'contact', email: 'mum@example.com', subject: 'Contact Form', message: 'Love the app!', delete_account: 0 },
    ]);
    expect(t.sent).toEqual([
      { to: 'support@localhost', replyTo: 'mum@example.com', subject: '[Toy Rotation] Contact Form', text: expect.stringContaining('Love the app!'), language: 'en' },
    ]);
    // With no SMTP_URL the mail lands in DATA_DIR/outbox (design.md: "default: the outbox").
    const [eml] = outboxFiles();
    expect(eml).toContain('To: support@localhost');
    expect(eml).toContain('Reply-To: mum@example.com');
  });

  it('keeps the bee-health subject and defaults a missing one', async () => {
    await send('/api/public/contactus', { email: 'bee@example.com', subject: 'Bee Healthy Contact Form', message: 'Hive question' });
    await send('/api/public/contactus', { email: 'toy@example.com', message: 'Toy question' });
    expect((await stored()).map((m) => m.subject).sort()).toEqual(['Bee Healthy Contact Form', 'Contact Form']);
  });

  it('mails SUPPORT_EMAIL when it is set', async () => {
    await t.close();
    t = await createTestApp({ SUPPORT_EMAIL: 'help@toys.example.org' });
    await send('/api/public/contactus', { email: 'dad@example.com', message: 'Hello' });
    expect(t.sent.map((m) => m.to)).toEqual(['help@toys.example.org']);
  });

  it('keeps the message when the mail server is down', async () => {
    await t.close();
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' }); // nothing listens on port 1
    const res = await send('/api/public/contactus', { email: 'dad@example.com', message: 'Still here?' });
    expect(res.status).toBe(200);
    expect(await stored()).toMatchObject([{ message: 'Still here?' }]);
  });

  it.each([
    ['no email', { message: 'hi' }],
    ['a malformed email', { email: 'nope', message: 'hi' }],
    ['an email over 500 characters', { email: `${'a'.repeat(490)}@example.com`, message: 'hi' }],
    ['no message', { email: 'a@example.com' }],
    ['a blank message', { email: 'a@example.com', message: '   ' }],
    ['a message over 1000 characters', { email: 'a@example.com', message: 'm'.repeat(1001) }],
    ['a subject over 100 characters', { email: 'a@example.com', message: 'hi', subject: 's'.repeat(101) }],
  ])('answers 400 {error} for %s, and stores and sends nothing', async (_name, body) => {
    const res = await send('/api/public/contactus', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(await stored()).toEqual([]);
    expect(t.sent).toEqual([]);
  });

  it('accepts exactly 1000 characters', async () => {
    const res = await send('/api/public/contactus', { email: 'a@example.com', message: 'm'.repeat(1000) });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/public/deletionform', () => {
  it('stores the request and mails support', async () => {
    const body = { email: 'leaving@example.com', subject: 'Deletion Form', message: 'Please remove my data', deleteAccount: true };
    const res = await send('/api/public/deletionform', body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ msg: SUPPORT_MESSAGES.deletionReceived });
    expect(await stored()).toMatchObject([
      { kind: 'deletion', email: 'leaving@example.com', subject: 'Deletion Form', message: 'Please remove my data', delete_account: 1 },
    ]);
    expect(t.sent).toHaveLength(1);
    expect(t.sent[0]).toMatchObject({ to: 'support@localhost', replyTo: 'leaving@example.com', subject: '[Toy Rotation] Deletion Form' });
    expect(t.sent[0]?.text).toContain('Please remove my data');
  });

  it('takes the message as optional', async () => {
    const res = await send('/api/public/deletionform', { email: 'quiet@example.com', subject: 'Deletion Form', deleteAccount: true });
    expect(res.status).toBe(200);
    expect(await stored()).toMatchObject([{ message: '', delete_account: 1 }]);
  });

  it.each([
    ['an unticked box', { email: 'a@example.com', deleteAccount: false }],
    ['no box', { email: 'a@example.com' }],
    ['an email without @', { email: 'someone', deleteAccount: true }],
    ['a blank email', { email: '  ', deleteAccount: true }],
    ['an email over 500 characters', { email: `${'a'.repeat(500)}@x`, deleteAccount: true }],
    ['a message over 1000 characters', { email: 'a@example.com', message: 'm'.repeat(1001), deleteAccount: true }],
  ])('answers 400 {error} for %s, and stores and sends nothing', async (_name, body) => {
    const res = await send('/api/public/deletionform', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect(await stored()).toEqual([]);
    expect(t.sent).toEqual([]);
  });
});

describe('form rate limit', () => {
  it('answers 429 with Retry-After after 5 forms in 10 minutes from one address', async () => {
    for (let i = 0; i < 5; i++) {
      const path = i % 2 ? '/api/public/deletionform' : '/api/public/contactus';
      const res = await send(path, { email: `p${i}@example.com`, message: 'hi', deleteAccount: true }, '203.0.113.9');
      expect(res.status).toBe(200);
    }
    const blocked = await send('/api/public/contactus', { email: 'p9@example.com', message: 'hi' }, '203.0.113.9');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: TOO_MANY_ATTEMPTS });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(5);
    // Another address is not affected.
    expect((await send('/api/public/contactus', { email: 'p9@example.com', message: 'hi' }, '203.0.113.10')).status).toBe(200);
  });

  it('over real HTTP, keys on the socket address', async () => {
    const body = (i: number) => jsonRequest('POST', { email: `n${i}@example.com`, message: 'hi' });
    for (let i = 0; i < 5; i++) expect((await t.app.request('/api/public/contactus', body(i))).status).toBe(200);
    expect((await t.app.request('/api/public/contactus', body(5))).status).toBe(429); // in process: 'unknown'
    const served = await serveOnFreePort(t.app.fetch);
    try {
      const res = await fetch(`${served.url}/api/public/contactus`, body(6));
      expect(res.status).toBe(200); // 127.0.0.1 has its own budget
    } finally {
      await served.close();
    }
  });

  it('limits one sender email across addresses', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await send('/api/public/contactus', { email: 'spam@example.com', message: `hi ${i}` })).status).toBe(200);
    }
    const blocked = await send('/api/public/contactus', { email: 'SPAM@example.com', message: 'again' });
    expect(blocked.status).toBe(429);
  });
});
