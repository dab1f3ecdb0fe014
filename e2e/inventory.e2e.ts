import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { launchBrowser, newDevice, type Device } from './support/browser.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { makePng } from './support/png.js';
import { SettingsPageModel } from './pages/settings-page.js';
import { saveScreenshot } from './support/screenshots.js';
import { seriousViolations } from './support/axe.js';

let browser: Browser;
let account: Account;
let device: Device;
let inventory: InventoryPageModel;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('inventory');
  device = await newDevice(browser, 'desktop');
  inventory = new InventoryPageModel(device.page);
  device.page.on('response', (response) => {
    if (response.status() >= 400) device.errors.push(`${response.status()} ${response.url()}`);
  });
  // Two categories for the category select and filter.
  await signIn(device.page, account, '/settings');
  const settings = new SettingsPageModel(device.page);
  await settings.goto();
  await settings.addCategoryAndWait('Vehicles');
  await settings.addCategoryAndWait('Plush');
  await inventory.goto();
});

afterAll(async () => {
  await browser?.close();
});

describe('inventory', () => {
  it('walks through the three tips and remembers the dismissal', async () => {
    const tips = device.page.getByRole('region', { name: /Tips/ });
    await expect.poll(() => tips.getByText('Step 1 of 3 (33%)').isVisible()).toBe(true);
    await expect(tips.getByRole('button', { name: 'Back' }).isDisabled()).resolves.toBe(true);
    await tips.getByRole('button', { name: 'Next' }).click();
    await tips.getByText('Step 2 of 3 (67%)').waitFor();
    await tips.getByRole('button', { name: 'Back' }).click();
    await tips.getByText('Step 1 of 3 (33%)').waitFor();
    await tips.getByRole('button', { name: 'Next' }).click();
    await tips.getByRole('button', { name: 'Next' }).click();
    await tips.getByText('Step 3 of 3 (100%)').waitFor();
    await expect(tips.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
    await tips.getByRole('button', { name: 'Got it' }).click();
    await tips.waitFor({ state: 'detached' });
    await inventory.goto();
    await device.page.waitForTimeout(300);
    expect(await tips.count()).toBe(0);
    expect(await device.page.evaluate(() => localStorage.getItem('tipsDismissed'))).toBe('true');
  });

  it('refuses a toy without a photo, then adds toys with photos shrunk to 640x1000', async () => {
    await expect.poll(() => inventory.count.textContent()).toBe('0 / 100 toys');
    await inventory.addToy({ title: 'No photo', photo: null });
    await inventory.dialog.getByText('Image was not picked').waitFor();
    // A file that is not a readable image.
    await inventory.dialog
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await inventory.dialog.getByText('something went wrong!', { exact: true }).waitFor();
    await inventory.closeDialog();

    await inventory.addToyAndWait({ title: 'Red truck', category: 'Vehicles', notes: 'Loud horn', photo: makePng(1600, 1200) });
    await inventory.addToyAndWait({ title: 'Teddy bear', category: 'Plush', photo: makePng(900, 2400, [60, 120, 200]) });
    await inventory.addToyAndWait({ title: 'Blue bus', category: 'Vehicles', photo: makePng(300, 200, [40, 160, 90]) });
    await inventory.addToyAndWait({ title: 'Abacus', photo: makePng(640, 480, [120, 60, 160]) });
    await expect.poll(() => inventory.count.textContent()).toBe('4 / 100 toys');

    // The stored photos are JPEGs that fit 640x1000 (the bus was already small and stays so).
    const photos = device.page.locator('img.tr-card__photo');
    await expect.poll(() => photos.count()).toBe(4);
    // Polled: a card's image element is replaced when its photo's upload lands (local copy, then
    // the server's), which can happen while the sizes are read.
    const sizes = () =>
      photos.evaluateAll(async (images: HTMLImageElement[]) => {
        await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
        return Object.fromEntries(
          images.map((img) => [img.closest('button')?.querySelector('.tr-card__title')?.textContent, [img.naturalWidth, img.naturalHeight]]),
        );
      });
    await expect.poll(sizes).toEqual({ 'Red truck': [640, 480], 'Teddy bear': [375, 1000], 'Blue bus': [300, 200], Abacus: [640, 480] });
  });

  it('searches by title', async () => {
    await inventory.search('  BUS ');
    await expect.poll(() => inventory.cardTitles()).toEqual(['Blue bus']);
    await inventory.search('zebra');
    await device.page.getByText('No toys match your search and filters.').waitFor();
    await inventory.search('');
    await expect.poll(async () => (await inventory.cardTitles()).length).toBe(4);
  });

  it('sorts five ways, newest first by default, and Reset restores it', async () => {
    expect(await inventory.cardTitles()).toEqual(['Abacus', 'Blue bus', 'Teddy bear', 'Red truck']);
    const panel = await inventory.openSort();
    await panel.getByLabel('A to Z').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Abacus', 'Blue bus', 'Red truck', 'Teddy bear']);
    await panel.getByLabel('Z to A').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Teddy bear', 'Red truck', 'Blue bus', 'Abacus']);
    await panel.getByLabel('Oldest to Newest').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Red truck', 'Teddy bear', 'Blue bus', 'Abacus']);
    await panel.getByLabel('By type').check();
    // Plush, Uncategorized, Vehicles; titles A to Z within a category.
    await expect.poll(() => inventory.cardTitles()).toEqual(['Teddy bear', 'Abacus', 'Blue bus', 'Red truck']);
    await panel.getByRole('button', { name: 'Reset sort' }).click();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Abacus', 'Blue bus', 'Teddy bear', 'Red truck']);
    expect(await panel.getByLabel('Newest to Oldest').isChecked()).toBe(true);
    await device.page.getByRole('button', { name: 'Sort', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('toggles kept and excluded so that switching one on flips both', async () => {
    const dialog = await inventory.openToy('Teddy bear');
    const kept = dialog.getByRole('switch', { name: 'Kept in rotation' });
    const excluded = dialog.getByRole('switch', { name: 'Excluded from rotation' });
    // The switch's input is visually hidden; people click its label.
    const click = (name: string) => dialog.locator('label', { hasText: name }).click();
    await click('Kept in rotation');
    await expect.poll(() => kept.isChecked()).toBe(true);
    await click('Excluded from rotation');
    await expect.poll(() => excluded.isChecked()).toBe(true);
    await expect.poll(() => kept.isChecked()).toBe(false);
    await click('Kept in rotation');
    await expect.poll(() => kept.isChecked()).toBe(true);
    await expect.poll(() => excluded.isChecked()).toBe(false);
    await inventory.closeDialog();

    const other = await inventory.openToy('Blue bus');
    await other.locator('label', { hasText: 'Excluded from rotation' }).click();
    await expect.poll(() => other.getByRole('switch', { name: 'Excluded from rotation' }).isChecked()).toBe(true);
    await inventory.closeDialog();
  });

  it('filters by date, category, excluded and kept, and Reset restores all', async () => {
    const panel = await inventory.openFilter();
    await panel.getByLabel('Last 24 hours').check();
    await expect.poll(async () => (await inventory.cardTitles()).length).toBe(4);
    await panel.getByLabel('Vehicles').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Blue bus', 'Red truck']);
    await panel.getByLabel('Plush').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Blue bus', 'Teddy bear', 'Red truck']);
    await panel.getByLabel('Excluded').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Blue bus']);
    await panel.getByLabel('Excluded').uncheck();
    await panel.getByLabel('Kept').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Teddy bear']);
    await panel.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(async () => (await inventory.cardTitles()).length).toBe(4);
    expect(await panel.getByLabel('All time').isChecked()).toBe(true);
    await device.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('shows the detail and edits a toy', async () => {
    const dialog = await inventory.openToy('Red truck');
    await dialog.getByText('Vehicles').waitFor();
    await dialog.getByText('Loud horn').waitFor();
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Title').fill('Fire truck');
    await dialog.getByLabel('Category').selectOption({ label: 'Plush' });
    await dialog.getByLabel('Notes').fill('Ladder goes up');
    await dialog.getByLabel('Choose from library').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: makePng(800, 800, [220, 30, 30]) });
    await dialog.getByRole('img', { name: 'Newly chosen, not saved yet' }).waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('heading', { name: 'Fire truck' }).waitFor();
    await dialog.getByText('Ladder goes up').waitFor();
    await dialog.getByText('Plush').waitFor();
    await inventory.closeDialog();
    await inventory.card('Fire truck').waitFor();
  });

  it('takes screenshots at 390 and 1280 px', async () => {
    await saveScreenshot(device.page, 'inventory', 'desktop');
    await inventory.openFilter();
    expect(await seriousViolations(device.page)).toEqual([]);
    await device.page.getByRole('button', { name: 'Filter', exact: true }).click();
    await inventory.openToy('Teddy bear');
    await saveScreenshot(device.page, 'inventory-detail', 'desktop');
    expect(await seriousViolations(device.page)).toEqual([]);
    await inventory.closeDialog();
    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/inventory');
    const model = new InventoryPageModel(phone.page);
    await model.goto();
    await expect.poll(async () => (await model.cardTitles()).length).toBe(4);
    await saveScreenshot(phone.page, 'inventory', 'phone');
    await model.openFilter();
    await saveScreenshot(phone.page, 'inventory-filter', 'phone');
    await phone.page.getByRole('button', { name: 'Add toy' }).first().click();
    await saveScreenshot(phone.page, 'inventory-add', 'phone');
    expect(await seriousViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });

  it('deletes a toy after a confirmation', async () => {
    const dialog = await inventory.openToy('Abacus');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await inventory.dialog.waitFor({ state: 'detached' });
    await expect.poll(() => inventory.cardTitles()).toEqual(['Blue bus', 'Teddy bear', 'Fire truck']);
    await expect.poll(() => inventory.count.textContent()).toBe('3 / 100 toys');
    expect(device.errors).toEqual([]);
  });
});
