import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts.js';
import { launchBrowser, newDevice } from './support/browser.js';
import { pushed, toyDoc } from './support/pushed.js';
import { serverToys, waitForSynced } from './support/server-state.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { TopBar } from './pages/top-bar.js';

// Offline right after sign-in, before any screen is saved on the device: every screen the
// parent opens says it could not be opened, as intended. Back online, sync must carry on by
// itself (the other devices' toys arrive, this device's changes leave) without a reload.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const screenError = (page: Page) => page.getByTestId('screen-error');

async function openFailingScreen(page: Page, name: 'Rotation' | 'Inventory' | 'Settings' | 'History'): Promise<void> {
  const top = new TopBar(page);
  await top.openMenuIfDrawer();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  await screenError(page).getByText('This screen could not be opened').waitFor();
}

describe('screens that could not be opened offline', () => {
  it('do not stop sync: back online it resumes without a reload', { timeout: 120_000 }, async () => {
    const account = await createAccount('resume');
    // No service worker: the moment right after sign-in, before anything is cached.
    const { page, context } = await newDevice(browser, 'desktop', { serviceWorkers: 'block' });
    await signIn(page, account, '/');
    const top = new TopBar(page);
    await top.syncStatus.waitFor();
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    await context.setOffline(true);
    for (const name of ['Rotation', 'Inventory', 'Settings', 'History'] as const) await openFailingScreen(page, name);
    await expect.poll(() => top.syncStatus.getAttribute('data-state')).toBe('offline');

    // Meanwhile another device of the family adds a toy.
    await pushed(account, 'toys', [toyDoc({ id: 'from-the-other-phone', title: 'Kite', createdAt: Date.now() })]);

    await context.setOffline(false);
    await waitForSynced(page, 30_000);
    // The screen still shows its error until Retry; the data behind it came in by itself.
    await screenError(page).getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    const inventory = new InventoryPageModel(page);
    await top.navigate('Inventory');
    await inventory.card('Kite').waitFor();

    // And what this device makes (a toy and its photo) reaches the server.
    await inventory.addToyAndWait({ title: 'Drum' });
    await expect.poll(async () => (await serverToys(account.token)).map((toy) => toy.title).sort(), { timeout: 30_000 }).toEqual(['Drum', 'Kite']);
    await waitForSynced(page, 30_000);
    expect(await page.evaluate(() => (window as Window & { __noReload?: boolean }).__noReload)).toBe(true);
    await context.close();
  });
});
