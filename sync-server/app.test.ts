import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { serveOnFreePort } from './test-support/serve-app.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';
import type { DB } from './db/database.js';

/** The database with a bug in every query (not an outage): each one throws a plain Error. */
const failingQueries = (db: DB): DB =>
  db.withPlugin({
    transformQuery: () => {
      throw new Error('a bug in the query builder');
    },
    transformResult: async (args) => args.result,
  });

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /api/health', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('sends the security headers on every response', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const res = await t.app.request(url);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives API answers a CSP that allows nothing, errors and the health check included', async () => {
    for (const url of ['/api/health', '/api/health/?probe=1', '/api/nothing-here', '/api/private/getsettings']) {
      const res = await t.app.request(url);
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none';/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    }
    expect(await (await t.app.request('/api/health/?probe=1')).json()).toEqual({ ok: true });
  });

  it('answers unknown API calls with 404 {error}', async () => {
    const res = await t.app.request('/api/private/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });

  it('refuses bodies over 3 MB with 413 {error}', async () => {
    const body = JSON.stringify({ data: 'x'.repeat(3 * 1024 * 1024 + 10) });
    const res = await t.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: expect.stringContaining('too large') });
  });

  it('refuses a streamed body (no declared length) once past 3 MB, and passes a smaller one on', async () => {
    const stream = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < bytes; sent += 64 * 1024) controller.enqueue(new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(0x20));
          controller.close();
        },
      });
    const send = (body: ReadableStream<Uint8Array>) =>
      t.app.request('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    const tooLarge = await send(stream(3 * 1024 * 1024 + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('connection')).toBe('close');
    // Under the limit it reaches the handler, which reads it: only spaces, so not JSON (400, not 413).
    const small = await send(stream(1000));
    expect(small.status).toBe(400);
  });

  it('refuses a too-large body with 413 and Connection: close, and closes without a reset', async () => {
    const served = await serveOnFreePort(t.app.fetch, { overrideGlobalObjects: false });
    const { port } = served;
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString('latin1')));
    // A reset (ECONNRESET) instead of an orderly close is what the client must never see: it
    // can lose the 413 answer itself.
    const errors: string[] = [];
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    const length = 5 * 1024 * 1024;
    socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`);
    // Go on sending the body as a real client does, until the server has answered or closed:
    // a server that closes with the body still arriving resets the connection.
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    for (let sent = 0; sent < length && !socket.destroyed && !reply.includes('\r\n\r\n'); sent += chunk.length) {
      if (!socket.write(chunk.subarray(0, Math.min(chunk.length, length - sent)))) {
        await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
      }
    }
    await closed;
    await served.close();
    expect(errors).toEqual([]);
    expect(reply).toMatch(/^HTTP\/1\.1 413/);
    expect(reply).toMatch(/\r\nconnection: close\r\n/i);
    expect(reply).not.toMatch(/keep-alive/i);
  });

  it('logs an internal failure without the secrets a path can carry (a live reset token)', async () => {
    const broken = await createTestApp();
    const lines: string[] = [];
    const app = createApp({ ...broken.deps, db: failingQueries(broken.deps.db), log: (line) => lines.push(line) });
    const token = 'Abc123_live-reset-token-0123456789abcdefghijkl';
    const res = await app.request(`/api/auth/resetpassword/${token}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'a brand new passphrase' }),
    });
    expect(res.status).toBe(500);
    expect(lines).toEqual([expect.stringMatching(/^error: PUT \/api\/auth\/resetpassword\/:\w+: /)]); // the route, not the token
    expect(lines.join('\n')).not.toContain(token);
    await broken.close();
  });

  it('never sends a stack trace: internal failures are a plain 500 {error}', async () => {
    const broken = await createTestApp();
    const app = createApp({ ...broken.deps, db: failingQueries(broken.deps.db) });
    const res = await app.request('/api/private/getsettings', { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
    expect(text).not.toMatch(/at .*\.ts|Error:/);
    await broken.close();
  });
});

describe('serving the built client', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Toy Rotation</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dir, 'sw.js'), 'self.x=1');
    app = createApp(t.deps, { clientDir: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/frontpage', '/inventory', '/resetpassword/abc', '/passwordreset/abc', '/RecoverPassword', '/baskets/'])(
    'serves the app shell at %s, not cached',
    async (route) => {
      const res = await app.request(route);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Toy Rotation</title>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('caches hashed assets for a year and the service worker not at all', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const sw = await app.request('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s on pages and files with 405, never the app page', async (method) => {
    for (const route of ['/', '/inventory', '/assets/index-abc123.js', '/no-such-page']) {
      const res = await app.request(route, { method, headers: { accept: 'text/html' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("sends the app's page CSP with pages and files", async () => {
    for (const route of ['/frontpage', '/assets/index-abc123.js', '/no-such-page']) {
      const res = await app.request(route, { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    }
  });

  it('answers unknown pages with the shell and 404, and keeps API errors as JSON', async () => {
    const page = await app.request('/no-such-page', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<title>');
    const api = await app.request('/api/unknown', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: expect.any(String) });
  });
});
