import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { localizedManifest } from './localized-manifest.js';

// The web app manifest in the person's language (decision 044): `?lang=` first (the app points
// its link there), else Accept-Language; English is the built file untouched.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const built = {
  name: 'Toy Rotation',
  short_name: 'Toy Rotation',
  description: 'Toy Rotation Made Simple: a photo inventory of your toys and a fresh selection in seconds.',
  start_url: '/',
  shortcuts: [
    { name: 'Rotate', short_name: 'Rotate', url: '/rotation' },
    { name: 'Add toys', short_name: 'Add toys', url: '/inventory' },
  ],
};
fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify(built));

const app = new Hono();
app.get('/manifest.webmanifest', localizedManifest(dir));
app.get('/manifest.webmanifest', (c) => c.body(fs.readFileSync(path.join(dir, 'manifest.webmanifest'), 'utf8'), 200, { 'Content-Type': 'application/manifest+json' }));

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await app.request(url, { headers });
  return { res, body: (await res.json()) as typeof built & { lang?: string } };
};

describe('the web app manifest', () => {
  it('is the built English file for English, and says it varies by Accept-Language', async () => {
    const { res, body } = await get('/manifest.webmanifest', { 'accept-language': 'en-US,en;q=0.9' });
    expect(body).toEqual(built);
    expect(res.headers.get('vary')).toContain('Accept-Language');
  });

  it("follows ?lang=, else the browser's Accept-Language; the name stays Toy Rotation", async () => {
    const german = (await get('/manifest.webmanifest?lang=de', { 'accept-language': 'fr' })).body;
    expect(german).toMatchObject({ lang: 'de', name: 'Toy Rotation', start_url: '/' });
    expect(german.description).toMatch(/^Spielzeugrotation leicht gemacht/);
    expect(german.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Rotieren', '/rotation'],
      ['Spielsachen hinzufügen', '/inventory'],
    ]);
    const french = (await get('/manifest.webmanifest', { 'accept-language': 'fr-CA,fr;q=0.8' })).body;
    expect(french.shortcuts[0]?.name).toBe('Faire tourner');
    expect((await get('/manifest.webmanifest?lang=xx', { 'accept-language': 'es' })).body.lang).toBe('es');
  });
});
