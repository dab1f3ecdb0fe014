import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { securityHeaders } from '../sync-server/lib/security-headers';
import { staticClient } from '../sync-server/routes/static-client';
import { clientDir, launchBrowser, newDevice } from './support/browser';

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

test('iPhone Safari gets a one-time hint to Add to Home Screen', async () => {
  const context = await browser.newContext({
    baseURL: (await import('./support/browser')).baseUrl(),
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
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto('/frontpage');
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 15_000 });
    const prompt = page.getByText('A new version is available');
    expect(await prompt.count()).toBe(0);

    fs.appendFileSync(path.join(copy, 'sw.js'), '\n// next release\n');
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
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
