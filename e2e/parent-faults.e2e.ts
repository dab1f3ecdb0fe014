import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryPageModel } from './pages/inventory-page.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { SettingsPageModel } from './pages/settings-page.js';
import { TopBar } from './pages/top-bar.js';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { pushed, toyDoc } from './support/pushed.js';
import { saveScreenshot } from './support/screenshots.js';

// Issue 23's faults as a parent meets them, on a phone (390 px) unless said: each check fails
// without its fix.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const devices: Device[] = [];
afterAll(async () => {
  for (const device of devices) await device.context.close();
});

async function phone(): Promise<Device> {
  const device = await newDevice(browser, 'phone');
  devices.push(device);
  return device;
}

async function withToys(prefix: string, count: number): Promise<Account> {
  const account = await createAccount(prefix);
  const start = Date.now() - 100_000;
  await pushed(
    account,
    'toys',
    Array.from({ length: count }, (_, i) => toyDoc({ id: `${prefix}-toy-${i}`, title: `Toy ${i + 1}`, createdAt: start + i })),
  );
  return account;
}

/** Ends the session on the server, as a password reset on another device does. */
async function endSessionElsewhere(account: Account): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status).toBe(200);
}

async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not showing`);
  return found;
}

describe('after a password reset on another device', () => {
  it('the top bar keeps the menu button and the logo; Family and Calendar say to sign in again', async () => {
    const account = await withToys('faults-reset', 3);
    const { page } = await phone();
    await signIn(page, account, '/inventory');
    const inventory = new InventoryPageModel(page);
    await inventory.goto();
    await inventory.card('Toy 1').waitFor();

    await endSessionElsewhere(account);
    // A change made now waits: the server no longer takes this device's token.
    await inventory.addToy({ title: 'Made after the reset', photo: null });
    const bar = new TopBar(page);
    await expect.poll(() => bar.syncStatus.textContent(), { timeout: 15_000 }).toContain('Sign in to sync');

    const menu = await box(page, 'header.topbar .menu-toggle');
    const logo = await box(page, 'header.topbar .topbar__brand');
    const chip = await box(page, '[data-testid="sync-status"]');
    const logout = await bar.logOut.boundingBox();
    expect(menu.width).toBeGreaterThanOrEqual(40);
    expect(logo.width).toBeGreaterThanOrEqual(36);
    expect(chip.x).toBeGreaterThanOrEqual(logo.x + logo.width);
    expect(logout!.x + logout!.width).toBeLessThanOrEqual(390);
    // Its accessible name still says what to do.
    expect(await page.getByRole('button', { name: /^Sign in to sync/ }).count()).toBe(1);
    await saveScreenshot(page, 'faults-sign-in-chip', 'phone');

    await page.goto('/settings');
    const family = page.getByRole('region', { name: 'Family' });
    await family.getByTestId('sign-in-again').waitFor();
    const calendar = page.getByTestId('calendar-feed');
    await calendar.getByTestId('sign-in-again').waitFor();
    expect(await calendar.textContent()).not.toContain('needs the network');
    expect(await family.locator('.spinner').count()).toBe(0);
    // Passkeys too: the reason is signing in again, not the network.
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    await passkeys.getByTestId('sign-in-again').waitFor();
    expect(await passkeys.textContent()).not.toContain('need the network');
    await saveScreenshot(page, 'faults-settings-signed-out', 'phone');

    await family.getByRole('button', { name: 'Sign in again' }).click();
    await page.waitForURL('**/login');
  });
});

describe('"Ready to work offline"', () => {
  it('sits at the top of the page and covers nothing at the bottom', async () => {
    const account = await createAccount('faults-ready');
    const { page } = await phone();
    await signIn(page, account, '/settings');
    const notice = page.getByTestId('offline-ready');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.evaluate((element) => getComputedStyle(element).position)).not.toBe('fixed');
    expect(await notice.evaluate((element) => element.closest('main') !== null)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bottom = await page.evaluate(() => {
      const element = document.elementFromPoint(195, window.innerHeight - 30);
      return element?.closest('[data-testid="offline-ready"]') !== null;
    });
    expect(bottom).toBe(false);
  });
});

/** A slow network for a new device's first sync: each toys pull answers 4 s late until released. */
async function slowToyPulls(page: Page): Promise<() => void> {
  let slow = true;
  await page.route('**/api/sync/toys/pull**', async (route) => {
    if (slow) await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue();
  });
  return () => {
    slow = false;
  };
}

describe('Settings on a new device during the first sync', () => {
  it('waits for the toys instead of offering 0 and "add toys first"', async () => {
    const account = await withToys('faults-firstsync', 13);
    const { page } = await phone();
    const release = await slowToyPulls(page);
    await signIn(page, account, '/settings');
    const settings = new SettingsPageModel(page);
    const rotation = settings.section('Rotation');
    await rotation.getByText('Your toys are still arriving from the server').waitFor();
    expect(await rotation.getByText('Add toys to your inventory first').count()).toBe(0);
    expect(await settings.rotationCount.inputValue()).not.toBe('0');
    release();
    await expect.poll(() => settings.rotationCount.inputValue(), { timeout: 20_000 }).toBe('8');
  });
});

describe('Home on a new device during the first sync', () => {
  it('says the toys are arriving instead of "empty" and "Add your first toy"', async () => {
    const account = await withToys('faults-firsthome', 3);
    const { page } = await phone();
    const release = await slowToyPulls(page);
    await signIn(page, account, '/');
    const summary = page.getByTestId('home-summary');
    await summary.filter({ hasText: 'Your toys are still arriving from the server' }).waitFor();
    expect(await page.getByText('Your inventory is empty').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Add your first toy' }).count()).toBe(0);
    release();
    await summary.filter({ hasText: 'You have 3 toys in your inventory.' }).waitFor({ timeout: 20_000 });
  });
});

describe('deleting the account', () => {
  it('the confirm button says what it does, and the login page says it is done', async () => {
    const account = await createAccount('faults-delete');
    const { page } = await phone();
    await signIn(page, account, '/settings');
    const section = new SettingsPageModel(page).section('Delete account');
    await section.getByRole('button', { name: 'Delete account' }).click();
    const confirm = section.getByRole('button', { name: 'OK, delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await section.getByLabel('Yes, delete my account and all of its data').check();
    await confirm.click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await page.getByText('Your account and all of its data were deleted.').waitFor();
    await saveScreenshot(page, 'faults-after-delete', 'phone');
  });
});

describe('a rotation made offline', () => {
  it('says who rotated it, and the printed checklist carries the date and the child', async () => {
    const account = await withToys('faults-offline-rotate', 4);
    const device = await phone();
    const { page } = device;
    await signIn(page, account, '/settings');
    // Named once the first sync is done: this test is about the rotation made offline.
    await expect.poll(() => page.getByTestId('sync-status').textContent()).toContain('Synced');
    const child = page.getByRole('form', { name: 'Your child' });
    await child.getByLabel('Name').fill('Mia');
    await child.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Mia' }).waitFor();
    const rotation = new RotationPageModel(page);
    await rotation.goto();
    await device.context.setOffline(true);
    await rotation.rotate();
    await expect.poll(() => page.getByTestId('rotated-by').textContent()).toBe('Rotated by you');

    const meta = page.getByTestId('swap-meta');
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
    expect(await meta.textContent()).toBe(`For Mia · Rotated ${today}`);
    await page.emulateMedia({ media: 'print' });
    expect(await meta.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await device.context.setOffline(false);
  }, 120_000);
});

describe('the theme', () => {
  it('can be chosen in Settings, whatever the system uses, and is kept', async () => {
    const account = await createAccount('faults-theme');
    const { page } = await phone();
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, account, '/settings');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    const theme = page.getByRole('region', { name: 'Appearance' }).getByLabel('Theme');
    await theme.selectOption({ label: 'Dark' });
    const dark = await background();
    expect(dark).not.toBe(light);
    await page.reload();
    await page.getByRole('region', { name: 'Appearance' }).waitFor();
    expect(await background()).toBe(dark);
    await saveScreenshot(page, 'faults-theme-dark', 'phone');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('region', { name: 'Appearance' }).getByLabel('Theme').selectOption({ label: 'Light' });
    expect(await background()).toBe(light);
  });
});

describe('the History chart at 390 px', () => {
  it('shows all six rotations without cutting columns off', async () => {
    const account = await withToys('faults-history', 4);
    const start = Date.now() - 10 * 86_400_000;
    await pushed(
      account,
      'rotations',
      Array.from({ length: 6 }, (_, i) => ({
        id: `faults-history-r${i}`,
        createdAt: start + i * 86_400_000,
        toyIds: ['faults-history-toy-0', 'faults-history-toy-1'],
        serverOrder: null,
        childId: 'first-child',
        observations: { 'faults-history-toy-0': i % 2 === 0 ? 'lot' : 'little' },
        _deleted: false,
      })),
    );
    const { page } = await phone();
    await signIn(page, account, '/history');
    const chart = page.getByTestId('play-chart');
    await chart.waitFor({ timeout: 30_000 });
    await expect.poll(() => chart.locator('thead th').count(), { timeout: 15_000 }).toBe(7);
    const fits = await chart.evaluate((table) => {
      const scroller = table.parentElement as HTMLElement;
      return { table: table.getBoundingClientRect().right, view: window.innerWidth, overflow: scroller.scrollWidth - scroller.clientWidth };
    });
    expect(fits.overflow).toBeLessThanOrEqual(0);
    expect(fits.table).toBeLessThanOrEqual(fits.view);
    await saveScreenshot(page, 'faults-history-chart', 'phone');
  }, 120_000);
});
