import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import { createTestApp, type TestApp } from './test-support/test-app.js';

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

  it('never sends a stack trace: internal failures are a plain 500 {error}', async () => {
    const broken = await createTestApp();
    await broken.db.destroy(); // every query now fails inside the handler
    const res = await broken.app.request('/api/private/getsettings', { headers: { authorization: 'Bearer x' } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
    expect(text).not.toMatch(/at .*\.ts|Error:/);
    fs.rmSync(broken.dataDir, { recursive: true, force: true });
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

  it('answers unknown pages with the shell and 404, and keeps API errors as JSON', async () => {
    const page = await app.request('/no-such-page', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<title>');
    const api = await app.request('/api/unknown', { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: expect.any(String) });
  });
});
