import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TopBar } from './pages/top-bar.js';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { launchBrowser, newDevice, waitForApp, type ViewportName } from './support/browser.js';
import { PUBLIC_PAGES } from './support/public-pages.js';
import { saveScreenshot } from './support/screenshots.js';

// Every public route of spec section 2 loads (HTTP 200, its heading, no script errors), has no
// serious or critical axe-core violation, and is photographed at 390 and 1280 px.

let browser: Browser;
let account: Account;
beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('visitor');
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['phone', 'desktop'] as ViewportName[])('public routes at %s width', (viewport) => {
  // Fifteen pages, each checked by axe and photographed: more than the default minute on a busy machine.
  test('each loads, is accessible and is photographed', { timeout: 180_000 }, async () => {
    const { page, context, errors } = await newDevice(browser, viewport);
    const problems: string[] = [];
    for (const route of PUBLIC_PAGES) {
      const response = await page.goto(route.path);
      expect(response?.status(), route.path).toBe(200);
      await page.getByRole('heading', { level: 1, name: route.heading, exact: true }).waitFor();
      await waitForApp(page);
      if (route.name === 'register') await page.locator('altcha-widget input[type="checkbox"]').waitFor();
      const violations = await seriousViolations(page);
      for (const v of violations) problems.push(`${route.path}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.join(', ')}`);
      // No horizontal scrolling at either width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) problems.push(`${route.path}: ${overflow}px wider than the screen`);
      await saveScreenshot(page, route.name, viewport);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('signed-in home and pricing, with the side menu', async () => {
    const { page, context, errors } = await newDevice(browser, viewport);
    await signIn(page, account, '/');
    await page.getByRole('heading', { name: `Hello, ${account.username}!` }).waitFor();
    await page.getByTestId('home-summary').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'home', viewport);

    const bar = new TopBar(page);
    await bar.openMenuIfDrawer();
    await bar.sideMenuLink('Collections').waitFor();
    if (viewport === 'phone') await saveScreenshot(page, 'menu-drawer', viewport);
    await bar.sideMenuLink('Home').click();

    await page.goto('/pricing');
    await page.getByRole('heading', { name: 'Plans and pricing' }).waitFor();
    await page.getByText('Payments are not set up on this server').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'pricing', viewport);
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    await context.close();
  });
});

test('unknown paths are not app routes: the server answers 404 and the app is not served', async () => {
  const response = await fetch(new URL('/no-such-page', (await import('./support/browser.js')).baseUrl()));
  expect(response.status).toBe(404);
});
