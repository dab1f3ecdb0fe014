import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pages/auth-pages.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, launchBrowser, newDevice, type Device, type ViewportName } from './support/browser.js';
import { makePng } from './support/png.js';
import { displayOf, printedPageCount, stubPrintDialog } from './support/print.js';
import { pushed, toyDoc } from './support/pushed.js';

// Bin labels that scan (decision 048): each storage place's printed label carries a QR code
// that opens the place in the app (what is in the bin, what is out now), signed in; signed out,
// log in says what it is for and comes back. Checked the way it prints: Chromium's PDF, and the
// QR code decoded from the printed rendering with jsQR.

/** Nine places: more labels than one A4 page holds. */
const PLACES = ['Bin 1', 'Bin 2', 'Bin 3', 'Bin 4', 'Bin 5', 'Bin 6', 'Bin 7', 'Bin 8', 'Hall closet & shelf'];
const dir = path.resolve(import.meta.dirname, 'screenshots', 'rotcoll');

let browser: Browser;
let account: Account;
let device: Device;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('labels');
  const start = Date.now() - 100_000;
  // Out after Rotate: the kept toys only (rotation count 0).
  await pushed(
    account,
    'toys',
    PLACES.flatMap((place, p) =>
      ['Ark', 'Ball', 'Car'].map((title, i) => ({ ...toyDoc({ id: `t${p}-${i}`, title: `${title} ${p + 1}`, createdAt: start + p * 10 + i, favorite: i === 1 }), location: place })),
    ),
  );
  await fetch(`${baseUrl()}/api/private/updateToyRotationNumber`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rotationToysNumber: 0 }),
  });
  // A device with 4 device pixels per CSS pixel: the printed QR code is sharp enough to decode.
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 }, deviceScaleFactor: 4, locale: 'en-US', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  device = { context, page: await context.newPage(), errors: [] };
  await signIn(device.page, account, '/inventory');
  const inventory = new InventoryPageModel(device.page);
  await inventory.goto();
  await inventory.addToyAndWait({ title: 'Kite', place: 'Bin 1', photo: makePng(400, 300, [30, 140, 60]) });
  const rotation = new RotationPageModel(device.page);
  await rotation.goto();
  await rotation.rotate();
});

afterAll(async () => {
  await browser?.close();
});

/** Decodes the QR code drawn in `element`'s rendering (a PNG screenshot) with jsQR. */
async function decodeQr(page: Page, selector: string): Promise<string | null> {
  const png = await page.locator(selector).screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('printed bin labels', () => {
  it('print one label per place with a QR code that decodes to the place’s link, on as many pages as they need', async () => {
    const page = device.page;
    const printed = await stubPrintDialog(page);
    await page.getByRole('button', { name: 'Print bin labels' }).click();
    expect(await printed()).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await displayOf(page.getByTestId('swap-list'))).toBe('none');
    expect(await displayOf(page.locator('label', { has: page.getByLabel('Photos on the labels') }))).toBe('none');
    expect(await page.locator('.tr-bin-label').count()).toBe(PLACES.length);
    for (const place of ['Bin 1', 'Hall closet & shelf']) {
      const label = `.tr-bin-label[data-place="${place}"] .tr-bin-label__code`;
      expect(await decodeQr(page, label)).toBe(`${baseUrl()}/inventory?place=${encodeURIComponent(place)}`);
      expect(await page.locator(label).getAttribute('aria-label')).toBe(`QR code that opens ${place} in Toy Rotation`);
    }
    await page.emulateMedia({ media: 'screen' });
    const pages = await printedPageCount(page);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(pages).toBeLessThanOrEqual(PLACES.length);
    // No label is cut by a page break (each box stays whole).
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.tr-bin-label').first().evaluate((el) => getComputedStyle(el).breakInside)).toBe('avoid');
    await page.emulateMedia({ media: 'screen' });
  });

  it('with “Photos on the labels” ticked, each toy with a photo prints it', async () => {
    const page = device.page;
    await stubPrintDialog(page);
    expect(await page.locator('.tr-bin-label__photo').count()).toBe(0);
    await page.getByLabel('Photos on the labels').check();
    await page.getByRole('button', { name: 'Print bin labels' }).click();
    await page.emulateMedia({ media: 'print' });
    const photo = page.locator('.tr-bin-label[data-place="Bin 1"] img.tr-bin-label__photo');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'bin-labels.pdf'), await page.pdf({ format: 'A4', printBackground: true }));
    await page.screenshot({ path: path.join(dir, 'bin-labels-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    expect(await printedPageCount(page)).toBeGreaterThanOrEqual(2);
  });
});

describe('what a label opens', () => {
  it('signed in: the place, with what is in the bin and what is out now', async () => {
    const page = device.page;
    await page.goto(`/inventory?place=${encodeURIComponent('Bin 1')}`);
    const summary = page.getByTestId('place-summary');
    await summary.getByRole('heading', { name: 'Storage place: Bin 1' }).waitFor();
    const inBin = summary.getByRole('region', { name: 'In the bin' }).locator('li');
    const outNow = summary.getByRole('region', { name: 'Out now' }).locator('li');
    await expect.poll(() => inBin.allTextContents()).toEqual(['Ark 1', 'Car 1', 'Kite']);
    expect(await outNow.allTextContents()).toEqual(['Ball 1']);
    // The gallery below shows that place's toys only.
    await expect.poll(async () => (await new InventoryPageModel(page).cardTitles()).sort()).toEqual(['Ark 1', 'Ball 1', 'Car 1', 'Kite']);
    await summary.getByRole('link', { name: 'Show all toys' }).click();
    await summary.waitFor({ state: 'detached' });
    await expect.poll(async () => (await new InventoryPageModel(page).cardTitles()).length).toBe(PLACES.length * 3 + 1);
  });

  it('signed out: log in says so, and comes back to the place', async () => {
    const visitor = await newDevice(browser, 'phone');
    await visitor.page.goto(`/inventory?place=${encodeURIComponent('Hall closet & shelf')}`);
    await visitor.page.waitForURL('**/login');
    await visitor.page.getByText('Sign in to see what is in Hall closet & shelf.').waitFor();
    await new LoginPage(visitor.page).logIn(account.email, account.password);
    await visitor.page.waitForURL((url) => url.pathname === '/inventory' && url.searchParams.get('place') === 'Hall closet & shelf');
    await visitor.page.getByRole('heading', { name: 'Storage place: Hall closet & shelf' }).waitFor();
    // Done: the next log in goes home as usual.
    expect(await visitor.page.evaluate(() => localStorage.getItem('pendingPlace'))).toBeNull();
    await visitor.context.close();
  });

  it('offline, on a phone that has synced: the label still opens its place', { timeout: 90_000 }, async () => {
    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/inventory');
    await phone.page.getByTestId('offline-ready').waitFor({ timeout: 60_000 });
    await new InventoryPageModel(phone.page).goto();
    await expect.poll(async () => (await new InventoryPageModel(phone.page).cardTitles()).length).toBe(PLACES.length * 3 + 1);
    await phone.context.setOffline(true);
    await phone.page.goto(`/inventory?place=${encodeURIComponent('Bin 2')}`);
    const summary = phone.page.getByTestId('place-summary');
    await expect.poll(() => summary.getByRole('region', { name: 'In the bin' }).locator('li').allTextContents()).toEqual(['Ark 2', 'Car 2']);
    expect(await summary.getByRole('region', { name: 'Out now' }).locator('li').allTextContents()).toEqual(['Ball 2']);
    await phone.context.close();
  });

  it('a place with no toys says so', async () => {
    await device.page.goto('/inventory?place=Garage');
    await device.page.getByText('No toys are stored in Garage.').waitFor();
  });
});

describe('the changed screens at 390 and 1280 px, light and dark', () => {
  for (const viewport of ['phone', 'desktop'] as const satisfies ViewportName[]) {
    it(`${viewport === 'phone' ? 390 : 1280} px: the place page, the swap list and the login notice; axe finds nothing serious`, { timeout: 120_000 }, async () => {
      const found: Record<string, unknown> = {};
      for (const scheme of ['light', 'dark'] as const) {
        const check = async (page: Page, name: string) => {
          fs.mkdirSync(path.join(dir, scheme), { recursive: true });
          await page.waitForTimeout(200);
          await page.screenshot({ path: path.join(dir, scheme, `${name}-${viewport === 'phone' ? 390 : 1280}.png`), fullPage: true, animations: 'disabled' });
          const violations = await seriousViolations(page);
          if (violations.length) found[`${scheme} ${name}`] = violations;
        };
        const parent = await newDevice(browser, viewport);
        await parent.page.emulateMedia({ colorScheme: scheme });
        await signIn(parent.page, account, `/inventory?place=${encodeURIComponent('Bin 1')}`);
        await parent.page.getByTestId('place-summary').getByText('Ball 1').waitFor();
        await check(parent.page, 'place');
        await new RotationPageModel(parent.page).goto();
        await parent.page.getByLabel('Photos on the labels').waitFor();
        await check(parent.page, 'rotation-labels');
        await parent.context.close();
        const visitor = await newDevice(browser, viewport);
        await visitor.page.emulateMedia({ colorScheme: scheme });
        await visitor.page.goto('/inventory?place=Bin%201');
        await visitor.page.getByText('Sign in to see what is in Bin 1.').waitFor();
        await check(visitor.page, 'login-place');
        await visitor.context.close();
      }
      expect(found).toEqual({});
    });
  }
});
