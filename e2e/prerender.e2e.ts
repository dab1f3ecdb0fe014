import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newDevice, VIEWPORTS, waitForApp, baseUrl, type ViewportName } from './support/browser.js';
import { PUBLIC_PAGES } from './support/public-pages.js';

// The public pages arrive rendered by the build (client/prerender/, decision 023): the HTML the
// server sends carries the page, the app takes it over in place (the same elements, in the same
// places), and the service worker serves the same pages offline.

const NOT_FOUND = { path: '/no-such-page/at-all', heading: 'We could not find that page', level: 2 };
const level = (route: object) => ('level' in route && typeof route.level === 'number' ? route.level : 1);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the HTML the server sends carries each public page, without any script run', async () => {
  for (const route of PUBLIC_PAGES) {
    const response = await fetch(`${baseUrl()}${route.path}`, { headers: { accept: 'text/html' } });
    expect(response.status, route.path).toBe(200);
    const html = await response.text();
    expect(html, route.path).toContain('<div id="root" data-prerendered>');
    expect(text(html), route.path).toContain(route.heading);
  }
  // The front page's largest paint (its lead paragraph) is in the HTML, with the page's styles.
  const front = await (await fetch(`${baseUrl()}/frontpage`)).text();
  expect(front).toMatch(/<p class="hero__lead">Fewer toys out, more play\./);
  expect(front).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/front-page-[\w-]+\.css">/);

  const missing = await fetch(`${baseUrl()}${NOT_FOUND.path}`, { headers: { accept: 'text/html' } });
  expect(missing.status).toBe(404);
  expect(text(await missing.text())).toContain(NOT_FOUND.heading);

  // Signed-in screens and / (a visitor is sent on to /frontpage there) stay the app shell.
  for (const path of ['/', '/inventory', '/join/some-code']) {
    const html = await (await fetch(`${baseUrl()}${path}`)).text();
    expect(html, path).toContain('<div id="root"></div>');
  }
});

test('with JavaScript off, a browser shows each public page', async () => {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS.phone, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const route of [...PUBLIC_PAGES, NOT_FOUND]) {
    await page.goto(route.path);
    await expect.poll(() => page.getByRole('heading', { level: level(route), name: route.heading, exact: true }).isVisible(), { timeout: 5000 }).toBe(true);
  }
  await context.close();
});

/** The boxes of the page's landmarks and text, in document order, as laid out now. */
function boxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('#root header, #root h1, #root h2, #root main p, #root main a, #root footer')].map((element) => {
      const box = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()} ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );
}

// Set before any script of the page runs: the elements the HTML made, and every layout shift
// from the moment the app's script may run (shifts while the HTML and CSS load are the same with
// JavaScript off, and the box comparison covers them).
const WATCH_TAKEOVER = () => {
  const w = window as unknown as { __served: Element[]; __shift: number; __shifted: string[]; __scriptsFrom: number };
  w.__shift = 0;
  w.__shifted = [];
  w.__scriptsFrom = Number.POSITIVE_INFINITY;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[]) {
      if (entry.startTime < w.__scriptsFrom) continue;
      w.__shift += entry.value;
      for (const source of entry.sources ?? []) w.__shifted.push(source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName));
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // 'interactive': the HTML is parsed and no module script has run yet.
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    w.__served = [...document.querySelectorAll('#root *')];
    w.__scriptsFrom = performance.now();
  });
};

// Pages whose content changes after load by design: the captcha draws itself on /register, and
// /pricingnoauth asks the server whether it takes payments. Their takeover is still checked,
// their later boxes not.
const CHANGES_AFTER_LOAD = new Set(['/register', '/pricingnoauth']);

describe.each(['phone', 'desktop'] as ViewportName[])('the app takes over a prerendered page at %s width', (viewport) => {
  test('the same elements stay, in the same places, and React owns them', async () => {
    const still = await browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
    const stillPage = await still.newPage();
    const { page, context, errors } = await newDevice(browser, viewport, { serviceWorkers: 'block' });
    await page.addInitScript(WATCH_TAKEOVER);
    const problems: string[] = [];
    for (const route of PUBLIC_PAGES) {
      await stillPage.goto(route.path);
      const served = await boxes(stillPage);

      await page.goto(route.path);
      await waitForApp(page);
      // React marks each element it owns with its fiber: a hydrated page's first heading is the
      // very element the HTML made, now React's. (A re-render would have made a new one.)
      await page.waitForFunction(() => {
        const h1 = document.querySelector('#root h1');
        return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber$'));
      });
      const result = await page.evaluate(() => {
        const w = window as unknown as { __served: Element[]; __shift: number; __shifted: string[] };
        return { replaced: w.__served.filter((element) => !element.isConnected).length, total: w.__served.length, shift: w.__shift, shifted: w.__shifted };
      });
      if (result.total === 0) problems.push(`${route.path}: the HTML had no content`);
      if (CHANGES_AFTER_LOAD.has(route.path)) continue;
      if (result.replaced > 0) problems.push(`${route.path}: ${result.replaced} of ${result.total} served elements were replaced`);
      if (result.shift > 0) problems.push(`${route.path}: layout shift ${result.shift.toFixed(4)} of ${result.shifted.join(', ')}`);
      const taken = await boxes(page);
      if (JSON.stringify(taken) !== JSON.stringify(served)) problems.push(`${route.path}: boxes moved\n  served ${served.join('; ')}\n  taken  ${taken.join('; ')}`);
    }
    expect(problems).toEqual([]);
    // No hydration mismatch (React reports one as a console error) or other script error.
    expect(errors.filter((e) => !/Service Worker registration blocked|Service worker registration failed/.test(e))).toEqual([]);
    await context.close();
    await still.close();
  });
});

test('a link on a prerendered page navigates inside the app once it has taken over', async () => {
  const { page, context } = await newDevice(browser, 'phone', { serviceWorkers: 'block' });
  await page.goto('/frontpage');
  await waitForApp(page);
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  await page.locator('.site-footer').getByRole('link', { name: 'Terms of use' }).click();
  await page.getByRole('heading', { level: 1, name: 'Terms of Use' }).waitFor();
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await context.close();
});

test('offline, the service worker serves the same prerendered pages', async () => {
  const { page, context } = await newDevice(browser, 'phone');
  await page.goto('/frontpage');
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 15_000 });
  await context.setOffline(true);
  for (const route of [...PUBLIC_PAGES, NOT_FOUND]) {
    const response = await page.goto(route.path);
    expect(response?.fromServiceWorker(), route.path).toBe(true);
    const html = await response!.text();
    expect(html, route.path).toContain('<div id="root" data-prerendered>');
    expect(text(html), route.path).toContain(route.heading);
    await page.getByRole('heading', { level: level(route), name: route.heading, exact: true }).waitFor();
  }
  await context.setOffline(false);
  await context.close();
});
