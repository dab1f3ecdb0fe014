import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newDevice } from './support/browser.js';

// Issue 23: the front page promises only what is there. The test build sets a video id and no
// store link (e2e/global-setup.ts), so: the video, and no badge leading to a store search.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('no store badge without a configured store link; the install sheet offers Rotate and Add toys', async () => {
  const { page, context } = await newDevice(browser, 'phone');
  await page.goto('/frontpage');
  await page.getByRole('heading', { name: 'About' }).waitFor();
  expect(await page.locator('a[href*="search"]').count()).toBe(0);
  expect(await page.getByRole('list', { name: 'Get the mobile app' }).count()).toBe(0);
  await page.getByRole('button', { name: /Play the video/ }).waitFor();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as { shortcuts?: { name: string; url: string }[] };
  expect(manifest.shortcuts?.map((s) => [s.name, s.url])).toEqual([
    ['Rotate', '/rotation'],
    ['Add toys', '/inventory'],
  ]);
  await context.close();
});
