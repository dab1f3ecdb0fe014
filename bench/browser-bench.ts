// Browser rows of `npm run bench`: the built app (its bench build, client-build.ts) served by the
// real server process on loopback, driven in headless Chromium (playwright-core, CHROMIUM_PATH or
// /usr/bin/chromium). Each measure has its baseline from the same run: the 100-toy case for the
// inventory rows, the page without its service worker for the first visit. Paint and blocking
// time (LCP, TBT) are Lighthouse's own figures (lighthouse.ts): the page observers used here
// before, with Chromium's CPU slowed 4x, measured far less blocking time than Lighthouse's
// simulation and disagreed with it. Bounded: a few page loads per case, 120 scroll frames; waits
// stretch with the machine's load (load.ts). Bursts of changes and Rotate: write-bench.ts.
import http from 'node:http';
import type { Page } from 'playwright-core';
import { freePort } from '../sync-server/test-support/server-process.js';
import { progress } from './load.js';
import { row, type BenchPart, type Row } from './report.js';
import { ms, openBenchSite, phone, signIn, type Account } from './browser-setup.js';

/** A loopback proxy in front of the server that counts the JavaScript and CSS bytes it passes on. */
async function countingProxy(target: string): Promise<{ url: string; jsBytes: () => number; reset: () => void; close: () => void }> {
  let bytes = 0;
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const forward = http.request({ hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      const isJs = /\.(?:m?js|css)(?:\?|$)/.test(req.url ?? '');
      answer.on('data', (chunk: Buffer) => {
        if (isJs) bytes += chunk.length;
      });
      answer.pipe(res);
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, jsBytes: () => bytes, reset: () => void (bytes = 0), close: () => server.close() };
}

/** Records when the first toy card appears, from the page's start. */
const OBSERVE = () => {
  const w = window as unknown as Record<string, number>;
  const watch = new MutationObserver(() => {
    if (w.__firstCard === undefined && document.querySelector('.tr-card')) {
      w.__firstCard = performance.now();
      watch.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => watch.observe(document.body, { childList: true, subtree: true }));
};

async function firstCardAt(page: Page, settleMs: number): Promise<number> {
  await page.waitForTimeout(settleMs);
  return page.evaluate(() => (window as unknown as Record<string, number | undefined>).__firstCard ?? NaN);
}

type InventoryRun = { firstCard: number; dom: number; slowFrames: number; frames: number; worstFrame: number; write: number };

async function inventoryRun(page: Page, account: Account): Promise<InventoryRun> {
  const loads: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await page.locator('.tr-card').first().waitFor();
    loads.push(await firstCardAt(page, 500));
  }
  loads.sort((a, b) => a - b);
  await page.locator('.tr-count', { hasText: `${account.toys} /` }).waitFor();
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  const scroll = await page.evaluate(async () => {
    const deltas: number[] = [];
    let last = await new Promise<number>((r) => requestAnimationFrame(r));
    for (let i = 0; i < 120; i++) {
      window.scrollBy(0, 120);
      const now = await new Promise<number>((r) => requestAnimationFrame(r));
      deltas.push(now - last);
      last = now;
    }
    window.scrollTo(0, 0);
    return deltas;
  });
  await page.waitForTimeout(300);
  // One toy write: Kept on the newest toy, on, off and on again, each from the click until its
  // card is painted with the badge (or without it); the median of the three.
  await page.locator('.tr-card').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const writes: number[] = [];
  for (const kept of [true, false, true]) {
    await page.evaluate((kept) => {
      const w = window as unknown as { __write?: Promise<number> };
      w.__write = new Promise<number>((resolve) => {
        let clicked = 0;
        document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
        const seen = new MutationObserver(() => {
          if (clicked && Boolean(document.querySelector('.tr-gallery li:first-child .tr-badge--kept')) === kept) {
            seen.disconnect();
            // Painted: a task queued from the next frame callback runs after that frame.
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked), 0));
          }
        });
        seen.observe(document.body, { childList: true, subtree: true, attributes: true });
      });
    }, kept);
    await dialog.locator('label', { hasText: 'Kept in rotation' }).click();
    writes.push(await page.evaluate(() => (window as unknown as { __write: Promise<number> }).__write));
    await page.waitForTimeout(300);
  }
  const write = [...writes].sort((a, b) => a - b)[1]!;
  await dialog.getByRole('button', { name: 'Close' }).click();
  return {
    firstCard: loads[1]!,
    dom,
    slowFrames: scroll.filter((d) => d > 50).length,
    frames: scroll.length,
    worstFrame: Math.max(...scroll),
    write,
  };
}

const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

async function browserBench(): Promise<Row[]> {
  progress('browser: starting the server, seeding 100 and 2,000 toys');
  const site = await openBenchSite([100, 2000], 'toy-rotation-bench-browser');
  const { browser, server, accounts } = site;
  const proxy = await countingProxy(server.url);
  const rows: Row[] = [];
  try {
    // First visit to /frontpage: every JS and CSS byte, the service worker's precache included.
    progress('browser: first visit to /frontpage');
    {
      const { context, page } = await phone(browser, proxy.url, 'block');
      proxy.reset();
      await page.goto('/frontpage', { waitUntil: 'networkidle' });
      const pageOnly = proxy.jsBytes();
      await context.close();
      const visit = await phone(browser, proxy.url);
      proxy.reset();
      await visit.page.goto('/frontpage');
      await visit.page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await visit.page.waitForTimeout(1500);
      const all = proxy.jsBytes();
      await visit.context.close();
      rows.push(row('JS and CSS of a first visit to /frontpage, precache included', kib(all), `the page alone ${kib(pageOnly)}`, '<= 150 KiB', all <= 150 * 1024));
    }

    // The inventory: 100 toys (baseline) and 2,000.
    const runs: Record<number, InventoryRun> = {};
    for (const toys of [100, 2000]) {
      progress(`browser: /inventory with ${toys} toys (loads, scroll, one write)`);
      const { context, page } = await phone(browser, server.url);
      await page.addInitScript(OBSERVE);
      await signIn(page, accounts[toys]!);
      runs[toys] = await inventoryRun(page, accounts[toys]!);
      await context.close();
    }
    const [small, large] = [runs[100]!, runs[2000]!];
    rows.push(
      row('/inventory 2,000 toys: first card', `${ms(large!.firstCard)} = ${(large!.firstCard / small!.firstCard).toFixed(2)}x`, `100 toys ${ms(small!.firstCard)}`, '<= 1.2x', large!.firstCard / small!.firstCard <= 1.2),
      row('/inventory 2,000 toys: DOM elements', String(large!.dom), `100 toys ${small!.dom}`, '<= 3,000', large!.dom <= 3000),
      row(
        '/inventory 2,000 toys: scroll frames over 50 ms',
        `${large!.slowFrames} of ${large!.frames} (worst ${ms(large!.worstFrame)})`,
        `100 toys ${small!.slowFrames} of ${small!.frames} (worst ${ms(small!.worstFrame)})`,
        'none',
        large!.slowFrames === 0,
      ),
      row(
        'one toy write with /inventory open, 2,000 toys (click to badge painted)',
        `${large!.write.toFixed(1)} ms = ${(large!.write / small!.write).toFixed(2)}x`,
        `100 toys ${small!.write.toFixed(1)} ms`,
        'one frame (16 ms), not growing with the toys',
        large!.write <= 16 && large!.write / small!.write <= 1.2,
      ),
    );

    return rows;
  } finally {
    proxy.close();
    await site.close();
  }
}

export const browserPart: BenchPart = { name: 'browser', title: 'Browser (headless Chromium, phone viewport, loopback)', run: browserBench };
