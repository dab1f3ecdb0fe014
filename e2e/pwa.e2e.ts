import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newDevice } from './support/browser';

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
  };
  expect(manifest).toMatchObject({ name: 'Toy Rotation', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#/);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
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
