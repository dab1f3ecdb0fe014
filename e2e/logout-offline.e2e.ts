import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device, type ViewportName } from './support/browser.js';
import { seriousViolations } from './support/axe.js';
import { saveScreenshot } from './support/screenshots.js';
import { waitForSynced } from './support/server-state.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { TopBar } from './pages/top-bar.js';

// Issue 9, fault 5: Log Out while offline warned about nothing, wiped unsynced changes and
// left the token valid on the server. Now it says how many changes wait, lets the parent stay
// signed in (or discard them on purpose), and revokes the token once the network is back.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const meStatus = async (token: string) =>
  (await fetch(`${baseUrl()}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } })).status;

async function renameOffline(inventory: InventoryPageModel, from: string, to: string): Promise<void> {
  const detail = await inventory.openToy(from);
  await detail.getByRole('button', { name: 'Edit' }).click();
  await detail.getByLabel('Title').fill(to);
  await detail.getByRole('button', { name: 'Submit' }).click();
  await detail.getByRole('heading', { name: to }).waitFor();
  await inventory.closeDialog();
}

/** Signed in with two synced toys, the service worker in control, then offline. */
async function offlineWithToys(viewport: ViewportName): Promise<{ account: Account; device: Device; inventory: InventoryPageModel }> {
  const account = await createAccount('logout');
  const device = await newDevice(browser, viewport);
  await signIn(device.page, account, '/inventory');
  const inventory = new InventoryPageModel(device.page);
  await inventory.goto();
  await inventory.addToyAndWait({ title: 'Ball' });
  await inventory.addToyAndWait({ title: 'Car' });
  await waitForSynced(device.page);
  await device.page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await device.page.reload();
  await expect.poll(() => device.page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await inventory.goto();
  await device.context.setOffline(true);
  return { account, device, inventory };
}

const warning = (page: Page) => page.getByTestId('logout-warning');

describe('Log Out with changes not yet synced', () => {
  it('warns with the right count, lets the parent stay, and revokes the token once back online', { timeout: 90_000 }, async () => {
    const { account, device, inventory } = await offlineWithToys('desktop');
    const { page } = device;
    const top = new TopBar(page);

    await renameOffline(inventory, 'Ball', 'Red ball');
    await top.logOut.click();
    await warning(page).getByText('1 change has not reached your account yet').waitFor();
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await warning(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBe(account.token);

    await renameOffline(inventory, 'Car', 'Blue car');
    await top.logOut.click();
    await warning(page).getByText('2 changes have not reached your account yet').waitFor();
    await saveScreenshot(page, 'logout-warning', 'desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Log out and discard them' }).click();
    await page.waitForURL('**/login');

    // Offline: the token still works on the server, and waits in local storage to be revoked.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('pendingRevocations') ?? '[]'))).toEqual([account.token]);
    expect(await meStatus(account.token)).toBe(200);

    await device.context.setOffline(false);
    await expect.poll(() => meStatus(account.token), { timeout: 15_000 }).toBe(401);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingRevocations'))).toBeNull();
    await device.context.close();
  });

  it('says everything is safe once the changes have gone up, on a phone', { timeout: 90_000 }, async () => {
    const { device, inventory } = await offlineWithToys('phone');
    const { page } = device;
    await renameOffline(inventory, 'Ball', 'Red ball');
    await renameOffline(inventory, 'Car', 'Blue car');
    await new TopBar(page).logOut.click();
    await warning(page).getByText('2 changes have not reached your account yet').waitFor();
    await saveScreenshot(page, 'logout-warning', 'phone');
    // Waiting works: back online, the changes go up while the window is open.
    await device.context.setOffline(false);
    await warning(page).getByText('Every change has reached your account. You can log out safely.').waitFor({ timeout: 20_000 });
    await warning(page).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL('**/login');
    await device.context.close();
  });
});
