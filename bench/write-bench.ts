// The write rows of `npm run bench` (BENCH_ONLY=writes): bursts of changes with /inventory open,
// and Rotate, in the bench build served by the real server (browser-setup.ts). Each beside a
// baseline from the same run: one change in the same burst op, 100 toys for Rotate.
import type { Page } from 'playwright-core';
import { ms, openBenchSite, phone, signIn, type Account, type BenchSite } from './browser-setup.js';
import { push, toyRow } from './seed-toys.js';
import { progress } from './load.js';
import { row, type BenchPart, type Row } from './report.js';

/**
 * `count` edits pushed by another device; time until the newest toy's card shows the last one,
 * and until the server had answered the pushes (the part no work in this page can shorten).
 */
async function syncedChanges(page: Page, url: string, account: Account, count: number): Promise<{ shown: number; pushed: number }> {
  await page.goto('/inventory');
  await page.locator('.tr-card').first().waitFor();
  const rows = Array.from({ length: count }, (_, k) => {
    const i = account.toys - count + 1 + k; // the newest toys, the last edit on the newest
    return { assumedMasterState: toyRow(i), newDocumentState: toyRow(i, `Edited ${i}`) };
  });
  const start = Date.now();
  await push(url, account.token, rows);
  const pushed = Date.now() - start;
  await page.locator('.tr-gallery li:first-child .tr-card__title', { hasText: `Edited ${account.toys}` }).waitFor();
  return { shown: Date.now() - start, pushed };
}

/**
 * Starts watching the page for the first card's title to read `title`, as its DOM changes;
 * firstCardShown answers when (wall clock, so a time taken in Node compares with it).
 */
async function watchFirstCard(page: Page, title: string): Promise<void> {
  await page.evaluate((title) => {
    const w = window as unknown as { __shown?: Promise<number> };
    w.__shown = new Promise<number>((resolve) => {
      const seen = new MutationObserver(() => {
        if (document.querySelector('.tr-gallery li:first-child .tr-card__title')?.textContent !== title) return;
        seen.disconnect();
        resolve(Date.now());
      });
      seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
  }, title);
}

function firstCardShown(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shown: Promise<number> }).__shown);
}

/**
 * One edit at a time pushed by another device while /inventory is open: from the push until
 * the card shows it, read in the page as its DOM changes (wall clock on both sides, one
 * machine). Beside it, how long the push request alone took (the server's answer).
 */
async function liveEdits(page: Page, url: string, account: Account, count: number): Promise<{ shown: number[]; answered: number[] }> {
  await page.goto('/inventory');
  await page.locator('.tr-card').first().waitFor();
  const id = account.toys; // the newest toy: the first card
  let before = toyRow(id, `Edited ${id}`);
  const shown: number[] = [];
  const answered: number[] = [];
  for (let k = 0; k < count; k++) {
    const title = `Live ${k} edit`;
    await watchFirstCard(page, title);
    const next = toyRow(id, title);
    const start = Date.now();
    await push(url, account.token, [{ assumedMasterState: before, newDocumentState: next }]);
    answered.push(Date.now() - start);
    shown.push((await firstCardShown(page)) - start);
    before = next;
  }
  return { shown, answered };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * `count` edits made on one phone while it is offline (one bulk edit, as an import or adding
 * toys to a collection writes), then its network comes back: from reconnecting until a second
 * phone of the same household, with /inventory open, shows the last edit (read in that page as
 * its DOM changes; wall clock on both sides, one machine).
 */
async function offlineChanges(site: BenchSite, account: Account, count: number): Promise<number> {
  const a = await phone(site.browser, site.server.url);
  const b = await phone(site.browser, site.server.url);
  try {
    await signIn(a.page, account);
    await signIn(b.page, account);
    await a.page.waitForFunction(() => Boolean((window as unknown as { __toyRotationBench?: unknown }).__toyRotationBench));
    await a.context.setOffline(true);
    const ids = Array.from({ length: count }, (_, k) => `bench-${account.toys - count + 1 + k}`); // the newest last
    const last = `Offline ${ids[ids.length - 1]}`;
    await a.page.evaluate(async (ids) => {
      type Bench = { editToys(ids: string[], title: (id: string) => string, together: boolean): Promise<void> };
      await (window as unknown as { __toyRotationBench: Bench }).__toyRotationBench.editToys(ids, (id) => `Offline ${id}`, true);
    }, ids);
    await watchFirstCard(b.page, last);
    const start = Date.now();
    await a.context.setOffline(false);
    return (await firstCardShown(b.page)) - start;
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

type Burst = { ms: number; updates: number };

/**
 * `count` edits of the newest toys made on this device with /inventory open, through the app's
 * op (the bench build's hook, client/features/inventory/bench-hook.ts): `together` is one op
 * call for all of them (a bulk edit: adding toys to a collection, an import), otherwise one op
 * call each, awaited in turn (a parent editing toy after toy). From the call until the newest
 * toy's card shows its edit after a paint; `updates` counts the gallery's DOM updates meanwhile.
 */
async function localChanges(page: Page, account: Account, count: number, together: boolean, label: string): Promise<Burst> {
  await page.goto('/inventory');
  await page.locator('.tr-card').first().waitFor();
  await page.waitForFunction(() => Boolean((window as unknown as { __toyRotationBench?: unknown }).__toyRotationBench));
  const ids = Array.from({ length: count }, (_, k) => `bench-${account.toys - count + 1 + k}`); // the newest last
  return page.evaluate(
    async ({ ids, together, label }) => {
      type Bench = { editToys(ids: string[], title: (id: string) => string, together: boolean): Promise<void> };
      const bench = (window as unknown as { __toyRotationBench: Bench }).__toyRotationBench;
      const last = `${label} ${ids[ids.length - 1]}`;
      let updates = 0;
      const gallery = document.querySelector('.tr-gallery') as Element;
      const watch = new MutationObserver(() => void updates++);
      watch.observe(gallery, { childList: true, subtree: true, characterData: true });
      const start = performance.now();
      await bench.editToys(ids, (id) => `${label} ${id}`, together);
      for (;;) {
        if (document.querySelector('.tr-gallery li:first-child .tr-card__title')?.textContent?.includes(last)) break;
        await new Promise((r) => requestAnimationFrame(r));
      }
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))); // painted
      watch.disconnect();
      return { ms: performance.now() - start, updates };
    },
    { ids, together, label },
  );
}

/**
 * Rotate on /rotation: from the click until the new rotation's toys are painted (the frame
 * carries the new rotation's id and its list shows). One rotation first, unmeasured, so the
 * measured ones replace a rotation as a parent's do; the median of three.
 */
async function rotateRun(page: Page): Promise<number> {
  await page.goto('/rotation');
  const button = page.getByRole('button', { name: /^Rotate/ });
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    await button.and(page.locator(':enabled')).waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __rotated?: Promise<number> };
      const before = document.querySelector('.tr-frame')?.getAttribute('data-rotation-id') ?? '';
      w.__rotated = new Promise<number>((resolve) => {
        let clicked = 0;
        document.addEventListener('click', () => (clicked = performance.now()), { capture: true, once: true });
        // No named functions in here: tsx would wrap them in a helper the page does not have.
        const seen = new MutationObserver(() => {
          const id = document.querySelector('.tr-frame')?.getAttribute('data-rotation-id') ?? '';
          if (!clicked || id === '' || id === before || document.querySelector('.tr-rotated__title') === null) return;
          seen.disconnect();
          // A frame callback runs before the paint; a task queued from it runs after.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clicked), 0));
        });
        seen.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      });
    });
    await button.click();
    const took = await page.evaluate(() => (window as unknown as { __rotated: Promise<number> }).__rotated);
    if (i > 0) times.push(took);
  }
  return times.sort((a, b) => a - b)[1]!;
}

const LIVE_EDITS = 40;

async function writeBench(): Promise<Row[]> {
  progress('writes: starting the server, seeding 100 and 500 toys');
  const site = await openBenchSite([100, 500], 'toy-rotation-bench-writes');
  try {
    const rotations: Record<number, number> = {};
    const synced: Record<number, { shown: number; pushed: number }> = {};
    const offline: Record<number, number> = {};
    let live = { shown: [NaN], answered: [NaN] };
    let one: Burst = { ms: NaN, updates: 0 };
    let burst = one;
    let separate = one;
    for (const toys of [100, 500]) {
      progress(`writes: ${toys} toys: changes from another device, local changes, rotate`);
      const account = site.accounts[toys]!;
      const { context, page } = await phone(site.browser, site.server.url);
      await signIn(page, account);
      synced[toys] = await syncedChanges(page, site.server.url, account, toys);
      if (toys === 100) live = await liveEdits(page, site.server.url, account, LIVE_EDITS);
      if (toys === 500) {
        one = await localChanges(page, account, 1, true, 'One');
        burst = await localChanges(page, account, 500, true, 'Burst');
        separate = await localChanges(page, account, 500, false, 'Each');
      }
      rotations[toys] = await rotateRun(page);
      await context.close();
      offline[toys] = await offlineChanges(site, account, toys);
    }
    const updates = (b: Burst) => `${b.updates} gallery update${b.updates === 1 ? '' : 's'}`;
    return [
      row('500 local changes in one op with /inventory open (500 toys)', `${ms(burst.ms)}, ${updates(burst)}`, `1 change ${ms(one.ms)}, ${updates(one)}`, '<= 1 s', burst.ms <= 1000),
      row('500 local changes, one op each in turn (500 toys)', `${ms(separate.ms)}, ${updates(separate)}`, `1 change ${ms(one.ms)}`, 'none (each op is its own write)', true),
      row(
        '500 changes pushed by another device shown on /inventory (500 toys)',
        `${ms(synced[500]!.shown)} (the server's answer to the push at ${ms(synced[500]!.pushed)})`,
        `100 changes at 100 toys ${ms(synced[100]!.shown)}`,
        '<= 1 s',
        synced[500]!.shown <= 1000,
      ),
      row('500 offline changes on the other phone after reconnecting (500 toys)', ms(offline[500]!), `100 at 100 toys ${ms(offline[100]!)}`, '<= 1 s', offline[500]! <= 1000),
      row(
        `one edit from another device shown on /inventory (${LIVE_EDITS} edits, 100 toys)`,
        `p50 ${percentile(live.shown, 50)} ms, p95 ${percentile(live.shown, 95)} ms`,
        `the push request alone p95 ${percentile(live.answered, 95)} ms`,
        'p95 <= 100 ms',
        percentile(live.shown, 95) <= 100,
      ),
      // A tenth of a millisecond: the measure sits at a frame's length.
      row('Rotate at 500 toys (click to painted)', `${rotations[500]!.toFixed(1)} ms`, `100 toys ${rotations[100]!.toFixed(1)} ms`, 'one frame (16 ms)', rotations[500]! <= 16),
    ];
  } finally {
    await site.close();
  }
}

export const writePart: BenchPart = { name: 'writes', title: 'Local writes and Rotate (headless Chromium, phone viewport, loopback)', run: writeBench };
