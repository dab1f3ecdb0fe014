import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { securityHeaders } from '../sync-server/lib/security-headers.js';
import { staticClient } from '../sync-server/lib/static-client.js';
import { serveOnFreePort } from '../sync-server/test-support/serve-app.js';
import { clientDir, launchBrowser, newDevice, waitForTakeOver } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the manifest makes the app installable: name, standalone, colours, 192/512/maskable icons', async () => {
  const { page, context } = await newDevice(browser);
  await page.goto('/frontpage');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    display: string;
    theme_color: string;
    background_color: string;
    start_url: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    screenshots: { src: string; sizes: string; form_factor: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Toy Rotation', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  // The install sheet shows a narrow and a wide screenshot, each of the size it says.
  expect(manifest.screenshots.map((s) => s.form_factor)).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots) {
    const png = await (await page.request.get(shot.src)).body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
  }
  await context.close();
});

test('the service worker precaches the shell: after one visit every public screen opens offline', async () => {
  const { page, context } = await newDevice(browser, 'phone');
  await page.goto('/frontpage');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 15_000 });
  await context.setOffline(true);
  for (const [path, heading] of [
    ['/frontpage', 'Toy Rotation'],
    ['/terms', 'Terms of Use'],
    ['/login', 'Log In'],
    ['/resetpassword/some-token', 'Reset password'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  }
  // API calls are never answered with the app shell.
  const api = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/health');
      return response.headers.get('content-type');
    } catch {
      return 'network error';
    }
  });
  expect(api).toBe('network error');
  await context.setOffline(false);
  await context.close();
});

test('/frontpage loads at most 200 KB of gzipped JavaScript', async () => {
  const { page, context } = await newDevice(browser, 'desktop', { serviceWorkers: 'block' });
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), await response.body());
  });
  await page.goto('/frontpage', { waitUntil: 'networkidle' });
  await page.getByText('Toy Rotation Made Simple').first().waitFor();
  const total = [...scripts.values()].reduce((sum, body) => sum + gzipSync(body).length, 0);
  expect([...scripts.keys()].some((url) => url.includes('altcha'))).toBe(false);
  expect([...scripts.keys()].some((url) => /terms|privacy|pricing|database/.test(url))).toBe(false);
  expect(total).toBeLessThanOrEqual(200 * 1024);
  await context.close();
});

/** The precache list of the built worker and the app chunks index.html lists for after sign-in. */
function precacheAndAppLists(dir: string): { precached: string[]; app: string[] } {
  const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => `/${m[1]!.replace(/^\//, '')}`);
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const app = JSON.parse(/<script type="application\/json" id="app-chunks">(.*?)<\/script>/.exec(html)![1]!) as string[];
  return { precached, app };
}

test('the precache holds the shell and the public screens; RxDB, Dexie, the captcha and the signed-in screens wait for sign-in', () => {
  const dir = clientDir();
  const { precached, app } = precacheAndAppLists(dir);
  const assets = fs.readdirSync(path.join(dir, 'assets')).filter((f) => /\.(?:js|css)$/.test(f)).map((f) => `/assets/${f}`);
  // Every chunk is in exactly one of the two lists.
  for (const asset of assets) expect([precached.includes(asset), app.includes(asset)], asset).toSatisfy(([a, b]: boolean[]) => a !== b);
  const named = (list: string[], name: string) => list.some((url) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(url));
  for (const screen of ['front-page', 'login-page', 'terms-page', 'reset-password-page', 'not-found-page']) expect(named(precached, screen), screen).toBe(true);
  for (const screen of ['inventory-page', 'settings-page', 'rotation-page', 'collections-page', 'home-page', 'altcha']) expect(named(app, screen), screen).toBe(true);
  // The other languages wait too: a first visit reads one language (decision 043). They are
  // app chunks, and listed apart so a visitor's language menu can cache them.
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const languages = JSON.parse(/<script type="application\/json" id="language-chunks">(.*?)<\/script>/.exec(html)![1]!) as string[];
  for (const language of ['de', 'es', 'fr']) {
    expect(named(languages, language), language).toBe(true);
    expect(named(app, language), language).toBe(true);
    expect(named(precached, language), language).toBe(false);
  }
  for (const url of precached.filter((u) => u.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, url), 'utf8');
    expect(code, url).not.toMatch(/DexieError|RxDB|customElements\.define\("altcha-widget"/);
  }
});

/** The JavaScript a page runs before its first render: the entry chunk and what it imports statically. */
function entryClosure(dir: string): string[] {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const queue = [/<script type="module"[^>]* src="\/([^"]+)"/.exec(html)![1]!];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` loads later.
    for (const m of code.matchAll(/\bimport\s*(?:[\w${},\s*]+from\s*)?"\.\/([^"]+\.js)"/g)) queue.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  return [...seen];
}

/** The bytes a browser downloads for a built file: its brotli copy, or the file when too small to have one. */
const sentBytes = (dir: string, file: string) =>
  fs.existsSync(path.join(dir, `${file}.br`)) ? fs.statSync(path.join(dir, `${file}.br`)).size : fs.statSync(path.join(dir, file)).size;

// Issue 16, decision 021: zod (94 KiB) came back into the entry chunk through an import chain
// nobody saw (the household switch's schemas); these budgets catch the next one at build time.
test('the first page runs no zod, and a first visit to /frontpage downloads at most 150 KiB of JavaScript, precache included', () => {
  const dir = clientDir();
  const entry = entryClosure(dir);
  for (const file of entry) expect(fs.readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/ZodObject|ZodString|ZodError/);
  const { precached } = precacheAndAppLists(dir);
  const firstVisit = new Set([...entry.map((file) => `/${file}`), ...precached.filter((url) => url.endsWith('.js'))]);
  const total = [...firstVisit].reduce((sum, url) => sum + sentBytes(dir, url.slice(1)), 0);
  expect(total).toBeLessThanOrEqual(150 * 1024);
});

test('after sign-in the app chunks are cached, and the app says it is ready offline', async () => {
  const { createAccount, signIn } = await import('./support/accounts.js');
  const account = await createAccount('precache');
  const { page, context } = await newDevice(browser, 'phone');
  await signIn(page, account, '/');
  await page.getByTestId('offline-ready').waitFor({ timeout: 30_000 });
  const { app } = precacheAndAppLists(clientDir());
  const cached = await page.evaluate(async () => (await (await caches.open('toy-app-chunks')).keys()).map((r) => new URL(r.url).pathname));
  expect(cached.sort()).toEqual([...app].sort());
  await context.close();
});

// Decision 060: each <link rel="modulepreload"> the lazy imports add costs the first render;
// the signed-in app's chunks come from the offline cache, so their imports load without one.
test('a public screen preloads its JavaScript; the signed-in screens add no JavaScript preloads', async () => {
  const { createAccount, signIn } = await import('./support/accounts.js');
  const preloaded = (page: Page) => page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
  const { page, context } = await newDevice(browser, 'phone');
  await page.goto('/frontpage');
  await waitForTakeOver(page);
  expect((await preloaded(page)).some((url) => /\/assets\/site-footer-[\w-]+\.js$/.test(url))).toBe(true);
  await signIn(page, await createAccount('preloads'), '/inventory');
  await page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
  const { app } = precacheAndAppLists(clientDir());
  expect((await preloaded(page)).filter((url) => app.includes(url))).toEqual([]);
  await context.close();
});

test('iPhone Safari gets a one-time hint to Add to Home Screen', async () => {
  const context = await browser.newContext({
    baseURL: (await import('./support/browser.js')).baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  await page.goto('/frontpage');
  const hint = page.getByRole('region', { name: 'Install Toy Rotation' });
  await hint.getByText('Add to Home Screen').waitFor();
  await hint.getByRole('button', { name: 'Got it' }).click();
  await hint.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByText('Toy Rotation Made Simple').first().waitFor();
  expect(await hint.count()).toBe(0);
  await context.close();

  // Desktop Chromium never sees it.
  const { page: desktop, context: desktopContext } = await newDevice(browser);
  await desktop.goto('/frontpage');
  await desktop.getByText('Toy Rotation Made Simple').first().waitFor();
  expect(await desktop.getByRole('region', { name: 'Install Toy Rotation' }).count()).toBe(0);
  await desktopContext.close();
});

test('a new service worker shows "A new version is available"; Reload switches to it', async () => {
  // A server of its own over a copy of the build, so changing sw.js (a "deploy") touches no other test.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'toy-rotation-e2e-release-'));
  fs.cpSync(clientDir(), copy, { recursive: true });
  const app = new Hono().use('*', securityHeaders()).route('/', staticClient(copy));
  const served = await serveOnFreePort(app.fetch);
  const origin = served.url;
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto('/frontpage');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 15_000 });
    const prompt = page.getByText('A new version is available');
    expect(await prompt.count()).toBe(0);

    fs.appendFileSync(path.join(copy, 'sw.js'), '\n// next release\n');
    // The build's compressed copies are of the old worker: a real deploy writes new ones.
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(copy, `sw.js${suffix}`), { force: true });
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await prompt.waitFor({ timeout: 20_000 });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByText('Toy Rotation Made Simple').first().waitFor();
    expect(await prompt.count()).toBe(0);
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(waiting).toBe(false);
  } finally {
    await context.close();
    await served.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
