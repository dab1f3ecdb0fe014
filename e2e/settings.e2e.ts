import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { makePng } from './support/png.js';
import { signedInWithToys } from './support/signed-in.js';
import { SettingsPageModel } from './pages/settings-page.js';
import { saveScreenshot } from './support/screenshots.js';
import { seriousViolations } from './support/axe.js';

let browser: Browser;
let account: Account;
let device: Device;
let settings: SettingsPageModel;

beforeAll(async () => {
  browser = await launchBrowser();
  const toys = ['Xylophone', 'Train', 'Ball'].map((title) => ({ title, photo: makePng(200, 200) }));
  const signedIn = await signedInWithToys(browser, 'settings', toys);
  ({ account, device } = signedIn);
  await signedIn.inventory.switchOn('Ball', 'Kept in rotation');
  settings = new SettingsPageModel(device.page);
  await settings.goto();
});

afterAll(async () => {
  await browser?.close();
});

describe('settings', () => {
  it('saves the rotation count within 0 and toys minus kept, only when it changed', async () => {
    const input = settings.rotationCount;
    expect(await input.getAttribute('min')).toBe('0');
    await expect.poll(() => input.getAttribute('max')).toBe('2'); // 3 toys, 1 kept
    expect(await input.getAttribute('required')).not.toBeNull();

    await settings.setRotationCount(5); // over the max: the browser refuses the form
    await device.page.waitForTimeout(300);
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.rangeOverflow)).toBe(true);
    expect(await settings.flash.count()).toBe(0);

    await settings.setRotationCount(2);
    await settings.flash.filter({ hasText: 'Rotation number updated: 2 toys per rotation.' }).waitFor();
    await settings.flash.waitFor({ state: 'detached', timeout: 7000 });
    await settings.setRotationCount(2); // unchanged: nothing is saved or shown
    await device.page.waitForTimeout(500);
    expect(await settings.flash.count()).toBe(0);
    await settings.goto();
    await expect.poll(() => settings.rotationCount.inputValue()).toBe('2');
  });

  it('adds, renames and deletes categories; blanks and duplicates are ignored; Uncategorized is fixed', async () => {
    await expect.poll(() => settings.names('Categories')).toEqual(['Uncategorized']);
    const uncategorized = settings.listItems('Categories').filter({ hasText: 'Uncategorized' });
    expect(await uncategorized.getByRole('button').count()).toBe(0);

    await settings.addCategoryAndWait('Blocks');
    await settings.addList('category', '   ');
    await settings.addList('category', ' blocks ');
    await settings.addCategoryAndWait('Music');
    expect(await settings.names('Categories')).toEqual(['Uncategorized', 'Blocks', 'Music']);

    // A rename that would change nothing says why and keeps the field open (issue 16, polish 6).
    await settings.rename('Categories', 'Blocks', 'music');
    await settings.flash.filter({ hasText: 'There is already a category called “Music”; choose another name.' }).waitFor();
    await settings.section('Categories').getByLabel('New name for Blocks').fill('Uncategorized');
    await settings.section('Categories').getByRole('button', { name: 'Save name for Blocks' }).click();
    await settings.flash.filter({ hasText: '“Uncategorized” is kept for toys without a category' }).waitFor();
    await settings.section('Categories').getByRole('button', { name: 'Cancel renaming' }).click();
    await expect.poll(() => settings.names('Categories')).toEqual(['Uncategorized', 'Blocks', 'Music']);
    await settings.rename('Categories', 'Blocks', 'Building blocks');
    await expect.poll(() => settings.names('Categories')).toEqual(['Uncategorized', 'Building blocks', 'Music']);

    // A deleted category's toys move to Uncategorized.
    const inventory = new InventoryPageModel(device.page);
    await inventory.goto();
    const detail = await inventory.openToy('Train');
    await detail.getByRole('button', { name: 'Edit' }).click();
    await detail.getByLabel('Category').selectOption({ label: 'Music' });
    await detail.getByRole('button', { name: 'Submit' }).click();
    await detail.getByText('Music').waitFor();
    await inventory.closeDialog();
    await settings.goto();
    await settings.remove('Categories', 'Music');
    await expect.poll(() => settings.names('Categories')).toEqual(['Uncategorized', 'Building blocks']);
    await inventory.goto();
    await expect.poll(() => inventory.card('Train').textContent()).toContain('Uncategorized');
    await settings.goto();
  });

  it('adds, renames and deletes collections within the free plan limit', async () => {
    for (const name of ['Bath', 'Garden', 'Car trips']) {
      await settings.addList('collection', name);
      await settings.section('Collections').locator('.tr-lists__name', { hasText: name }).waitFor();
    }
    // At the limit the field and button are off, with the reason shown once (issue 16, polish 2).
    const section = settings.section('Collections');
    await expect.poll(() => section.getByLabel('New collection name').isDisabled()).toBe(true);
    expect(await section.getByRole('button', { name: 'Add collection' }).isDisabled()).toBe(true);
    expect(await section.getByText('Free account can have up to 3 collections.').count()).toBe(1);
    expect(await section.getByLabel('New collection name').getAttribute('aria-describedby')).toBe('new-collection-blocked');
    expect(await settings.names('Collections')).toEqual(['Bath', 'Garden', 'Car trips']);
    await settings.rename('Collections', 'Car trips', 'Travel');
    await expect.poll(() => settings.names('Collections')).toEqual(['Bath', 'Garden', 'Travel']);
    await settings.remove('Collections', 'Garden');
    await expect.poll(() => settings.names('Collections')).toEqual(['Bath', 'Travel']);
  });

  it('shows storage use and whether it is persistent', async () => {
    const storage = settings.section('Storage on this device');
    await storage.getByText('Storage used:').waitFor();
    await storage.getByText('Available:').waitFor();
    await storage.getByText('Persistent storage:').waitFor();
    await saveScreenshot(device.page, 'settings', 'desktop');
    expect(await seriousViolations(device.page)).toEqual([]);
    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/settings');
    const model = new SettingsPageModel(phone.page);
    await model.goto();
    await expect.poll(() => model.names('Collections')).toEqual(['Bath', 'Travel']);
    await saveScreenshot(phone.page, 'settings', 'phone');
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });

  it('deletes the account: Delete, then the checkbox, then OK; needs the network', async () => {
    const section = settings.section('Delete account');
    await section.getByRole('button', { name: 'Delete account' }).click();
    const ok = section.getByRole('button', { name: 'OK' });
    expect(await ok.isDisabled()).toBe(true);
    await section.getByLabel('Yes, delete my account and all of its data').check();
    expect(await ok.isEnabled()).toBe(true);

    await device.context.setOffline(true);
    await section.getByText('You are offline. Deleting your account needs an internet connection.').waitFor();
    expect(await ok.isDisabled()).toBe(true);
    await device.context.setOffline(false);
    await expect.poll(() => ok.isEnabled()).toBe(true);
    await saveScreenshot(device.page, 'settings-delete', 'desktop');

    await ok.click();
    await section.getByText(/Signing you out/).waitFor();
    await device.page.waitForURL('**/login', { timeout: 10_000 });
    expect(await device.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    // The account is gone on the server: the old token and the password no longer work.
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    const toys = await fetch(`${baseUrl()}/api/private/getusertoys`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(toys.status).toBe(401);
  });
});
