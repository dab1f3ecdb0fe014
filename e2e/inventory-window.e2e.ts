import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice } from './support/browser.js';
import { InventoryPageModel } from './pages/inventory-page.js';

// Issue 16: past 60 toys the inventory renders only the cards near the screen. Searching,
// filtering, sorting, scrolling and opening a toy work as with every card in the DOM.

const TOYS = 90; // past the window's threshold, within the free plan's 100
const title = (i: number) => `Toy ${String(i).padStart(3, '0')}`;

let browser: Browser;
let account: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('window');
  const rows = Array.from({ length: TOYS }, (_, i) => ({
    newDocumentState: {
      id: `window-${i + 1}`,
      title: title(i + 1),
      categoryId: 'uncategorized',
      caption: '',
      mediaId: null,
      collectionIds: [],
      excluded: false,
      favorite: (i + 1) % 30 === 0,
      createdAt: 1_700_000_000_000 + (i + 1) * 60_000,
      lastRotatedAt: null,
      location: null,
      retired: false,
      feedback: null,
      _deleted: false,
    },
  }));
  const res = await fetch(`${baseUrl()}/api/sync/toys/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify(rows),
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe('an inventory of 90 toys', () => {
  it('keeps a window of cards in the DOM and shows, searches, filters, sorts and opens every toy', { timeout: 90_000 }, async () => {
    const { page, context } = await newDevice(browser, 'phone');
    await signIn(page, account, '/inventory');
    const inventory = new InventoryPageModel(page);
    await inventory.goto();
    await inventory.count.getByText(`${TOYS} / 100 toys`).waitFor();
    await inventory.card(title(TOYS)).waitFor(); // newest first

    const rendered = await inventory.gallery().getByRole('listitem').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(TOYS);
    expect(await inventory.gallery().getByRole('listitem').first().getAttribute('aria-setsize')).toBe(String(TOYS));
    const titles = await inventory.cardTitles();
    expect(titles.slice(0, 3)).toEqual([title(90), title(89), title(88)]);

    // Scrolling to the end brings the oldest toy; the newest has left the DOM.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await inventory.card(title(1)).waitFor();
    await expect.poll(() => inventory.card(title(TOYS)).count()).toBe(0);
    expect(await inventory.gallery().getByRole('listitem').last().getAttribute('aria-posinset')).toBe(String(TOYS));
    await page.evaluate(() => window.scrollTo(0, 0));
    await inventory.card(title(TOYS)).waitFor();

    // Sorting: oldest first puts Toy 001 at the top.
    const sort = await inventory.openSort();
    await sort.getByLabel('Oldest to Newest').check();
    await expect.poll(async () => (await inventory.cardTitles()).slice(0, 2)).toEqual([title(1), title(2)]);
    await sort.getByRole('button', { name: 'Reset sort' }).click();
    await expect.poll(async () => (await inventory.cardTitles())[0]).toBe(title(TOYS));

    // Filtering: the three kept toys, all rendered.
    const filter = await inventory.openFilter();
    await filter.getByLabel('Kept').check();
    await expect.poll(() => inventory.cardTitles()).toEqual([title(90), title(60), title(30)]);
    await filter.getByRole('button', { name: 'Reset filters' }).click();

    // Search, then open a toy that was far below the window.
    await inventory.search(title(7));
    await expect.poll(() => inventory.cardTitles()).toEqual([title(7)]);
    const detail = await inventory.openToy(title(7));
    expect(await detail.getByRole('heading', { name: title(7) }).count()).toBe(1);
    await inventory.closeDialog();
    await inventory.search('');
    await expect.poll(async () => (await inventory.cardTitles())[0]).toBe(title(TOYS));
    await context.close();
  });
});
