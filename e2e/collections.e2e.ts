import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Account } from './support/accounts.js';
import { launchBrowser, newDevice, type Device } from './support/browser.js';
import { CollectionsPageModel } from './pages/collections-page.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { makePng } from './support/png.js';
import { signedInWithToys } from './support/signed-in.js';
import { saveScreenshot } from './support/screenshots.js';
import { seriousViolations } from './support/axe.js';

let browser: Browser;
let account: Account;
let device: Device;
let collections: CollectionsPageModel;

beforeAll(async () => {
  browser = await launchBrowser();
  const toys = [
    ['Rubber duck', [240, 200, 40]],
    ['Boat', [30, 90, 200]],
    ['Picture book', [160, 40, 120]],
  ] as const;
  ({ account, device } = await signedInWithToys(
    browser,
    'collections',
    toys.map(([title, color]) => ({ title, photo: makePng(400, 300, [...color]) })),
  ));
  collections = new CollectionsPageModel(device.page);
  await collections.goto();
});

afterAll(async () => {
  await browser?.close();
});

describe('collections', () => {
  it('creates collections up to the free plan limit, ignoring blanks and duplicates', async () => {
    await device.page.getByText('No collections yet').waitFor();
    await collections.create('Bath time');
    await collections.card('Bath time').waitFor();
    await collections.create('   ');
    await collections.create('bath TIME');
    await collections.create('Bedtime');
    await collections.card('Bedtime').waitFor();
    await collections.create('Travel bag');
    await collections.card('Travel bag').waitFor();
    expect(await device.page.getByRole('list', { name: 'Collections' }).getByRole('listitem').count()).toBe(3);
    // At the limit: field and button off, the reason once, no name left in the field (issue 16, polish 2).
    const field = device.page.getByLabel('New collection name');
    await expect.poll(() => field.isDisabled()).toBe(true);
    expect(await device.page.getByRole('button', { name: 'Add collection' }).isDisabled()).toBe(true);
    expect(await field.inputValue()).toBe('');
    expect(await device.page.getByText('Free account can have up to 3 collections.').count()).toBe(1);
    await expect.poll(() => collections.card('Bath time').textContent()).toContain('0 toys');
    // What the server kept: a second device sees the same three.
    const other = await newDevice(browser, 'desktop');
    await signIn(other.page, account, '/baskets');
    const model = new CollectionsPageModel(other.page);
    await model.goto();
    await expect.poll(() => other.page.locator('.tr-collection-card__name').allTextContents(), { timeout: 15_000 }).toEqual([
      'Bath time',
      'Bedtime',
      'Travel bag',
    ]);
    await other.context.close();
    await collections.goto();
    expect(await device.page.locator('.tr-collection-card__name').allTextContents()).toEqual(['Bath time', 'Bedtime', 'Travel bag']);
  });

  it('adds toys through the searchable add window and removes them', async () => {
    await collections.open('Bath time');
    await device.page.getByText('This collection is empty').waitFor();

    // Nothing selected: the button is off and says why (issue 16, polish 6).
    await device.page.getByRole('button', { name: 'Add toys to Bath time' }).click();
    const dialog = device.page.getByRole('dialog', { name: 'Add toys to Bath time' });
    const addSelected = dialog.getByRole('button', { name: 'Add selected' });
    expect(await addSelected.isDisabled()).toBe(true);
    expect(await addSelected.getAttribute('aria-describedby')).toBe('add-toys-count');
    expect(await dialog.locator('#add-toys-count').textContent()).toBe('Tick the toys to add');
    await dialog.getByLabel('Search toys').fill('BOA');
    expect(await dialog.locator('.tr-pick__item').allTextContents()).toEqual(['Boat']);
    await dialog.getByLabel('Search toys').fill('');
    await dialog.getByLabel('Rubber duck').check();
    await dialog.getByLabel('Boat').check();
    await saveScreenshot(device.page, 'collections-add', 'desktop');
    expect(await seriousViolations(device.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add selected' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => collections.members('Bath time').allTextContents()).toEqual(['Boat', 'Rubber duck']);

    // The add window lists only toys not in the collection.
    await device.page.getByRole('button', { name: 'Add toys to Bath time' }).click();
    expect(await dialog.locator('.tr-pick__item').allTextContents()).toEqual(['Picture book']);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await saveScreenshot(device.page, 'collections-open', 'desktop');
    await collections.remove('Bath time', 'Boat');
    await expect.poll(() => collections.members('Bath time').allTextContents()).toEqual(['Rubber duck']);
    await device.page.getByRole('button', { name: 'All collections' }).click();
    await expect.poll(() => collections.card('Bath time').textContent()).toContain('1 toy');
    await saveScreenshot(device.page, 'collections', 'desktop');
    expect(await seriousViolations(device.page)).toEqual([]);
  });

  it('shows the collection on the toy and looks right on a phone', async () => {
    const inventory = new InventoryPageModel(device.page);
    await inventory.goto();
    const detail = await inventory.openToy('Rubber duck');
    await detail.getByText('Bath time').waitFor();
    await inventory.closeDialog();

    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/baskets');
    const model = new CollectionsPageModel(phone.page);
    await model.goto();
    await model.card('Bath time').waitFor();
    await saveScreenshot(phone.page, 'collections', 'phone');
    await model.open('Bath time');
    await saveScreenshot(phone.page, 'collections-open', 'phone');
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.context.close();
    expect(device.errors).toEqual([]);
  });
});
