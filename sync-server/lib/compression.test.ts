import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { precompressDir } from '../../client/pwa/precompress.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { pickEncoding } from './compress-json.js';

// Issue 16: JS, CSS, HTML and API JSON travel compressed; assets are compressed once at build.

let t: TestApp;
let dir: string;
let app: ReturnType<typeof createApp>;
const script = `export const big = ${JSON.stringify('toy '.repeat(2000))};\n`;
const shell = `<!doctype html><title>Toy Rotation</title><body>${'<p>toys</p>'.repeat(200)}</body>`;

beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), shell);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(dir, 'assets', 'tiny-abc123.js'), 'x');
  await precompressDir(dir);
  app = createApp(t.deps, { clientDir: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the build step', () => {
  it('writes brotli and gzip copies of text files, not of tiny ones', () => {
    const file = path.join(dir, 'assets', 'index-abc123.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, 'assets', 'tiny-abc123.js.br'))).toBe(false);
  });
});

describe('static files', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
  ])('sends the precompressed asset for Accept-Encoding %s', async (accept, encoding) => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const raw = Buffer.from(await res.arrayBuffer());
    expect((encoding === 'br' ? zlib.brotliDecompressSync(raw) : zlib.gunzipSync(raw)).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression, still saying it varies', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await res.text()).toBe(script);
  });

  it('sends the app shell compressed on app routes and unknown pages', async () => {
    for (const [route, status] of [['/frontpage', 200], ['/no-such-page', 404]] as const) {
      const res = await app.request(route, { headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' } });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(shell);
    }
    const plain = await app.request('/frontpage', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(shell);
  });
});

describe('API JSON', () => {
  it('compresses a large answer with brotli, or gzip when that is all the client takes', async () => {
    const direct = await t.app.request('/api/openapi.json');
    const expected = await direct.json();
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.request('/api/openapi.json', { headers: { 'accept-encoding': encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const raw = Buffer.from(await res.arrayBuffer());
      expect(Number(res.headers.get('content-length'))).toBe(raw.length);
      const text = (encoding === 'br' ? zlib.brotliDecompressSync(raw) : zlib.gunzipSync(raw)).toString();
      expect(JSON.parse(text)).toEqual(expected);
    }
  });

  it('sends a large answer plain to a client that takes no compression, saying it varies', async () => {
    const res = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect((await res.json()).openapi).toBe('3.1.0');
  });

  it('leaves small answers and errors plain, keeping their status', async () => {
    const health = await app.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(await health.json()).toEqual({ ok: true });
    const missing = await app.request('/api/private/nothing', { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: expect.any(String) });
  });

  it('keeps the other headers of a compressed answer', async () => {
    const res = await app.request('/api/openapi.json', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never compresses the live sync stream, whose events must arrive one by one', async () => {
    const user = await seedUser(t.deps);
    const controller = new AbortController();
    const request = jsonRequest('GET', undefined, user.token);
    const res = await app.request('/api/sync/stream', {
      ...request,
      headers: { ...request.headers, 'accept-encoding': 'br, gzip' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
    void reader.cancel().catch(() => {});
    controller.abort();
  });
});

describe('pickEncoding', () => {
  it.each([
    [undefined, undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['GZIP', 'gzip'],
  ])('%s -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
