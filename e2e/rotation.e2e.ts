import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Account } from './support/accounts.js';
import { launchBrowser, newDevice, type Device } from './support/browser.js';
import { makePng } from './support/png.js';
import { signedInWithToys } from './support/signed-in.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { SettingsPageModel } from './pages/settings-page.js';
import { saveScreenshot } from './support/screenshots.js';
import { seriousViolations } from './support/axe.js';

let browser: Browser;
let account: Account;
let device: Device;
let rotation: RotationPageModel;
const TITLES = ['Kite', 'Drum', 'Puzzle', 'Yo-yo', 'Robot', 'Doll'];

beforeAll(async () => {
  browser = await launchBrowser();
  const toys = TITLES.map((title, index) => ({ title, photo: makePng(320, 240, [40 * index, 200 - 30 * index, 120]) }));
  const signedIn = await signedInWithToys(browser, 'rotation', toys);
  ({ account, device } = signedIn);
  // Kite always comes out, Drum never.
  await signedIn.inventory.switchOn('Kite', 'Kept in rotation');
  await signedIn.inventory.switchOn('Drum', 'Excluded from rotation');

  const settings = new SettingsPageModel(device.page);
  await settings.goto();
  await settings.setRotationCount(2);
  await settings.flash.filter({ hasText: 'Rotation number updated' }).waitFor();
  rotation = new RotationPageModel(device.page);
  await rotation.goto();
});

afterAll(async () => {
  await browser?.close();
});

describe('rotation', () => {
  it('starts with no rotation', async () => {
    await expect.poll(() => rotation.lastDate.textContent()).toBe('Not rotated yet');
    await device.page.getByText('No toys out yet').waitFor();
  });

  it('rotates: kept toys always in, excluded never, the date in the frame, a 5 s message', async () => {
    const seen = new Set<string>();
    // The button shows a spinner while it works (recorded as it happens: one bulk write makes
    // it brief, too brief to catch by polling after the click).
    await device.page.evaluate(() => {
      const w = window as Window & { __sawBusy?: boolean };
      w.__sawBusy = false;
      const busy = () => document.querySelector('button[aria-busy="true"] .spinner')?.closest('button')?.textContent?.includes('Rotating');
      const watch = new MutationObserver(() => {
        if (busy()) {
          w.__sawBusy = true;
          watch.disconnect();
        }
      });
      watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await rotation.rotateButton.click();
    await rotation.flash.waitFor();
    expect(await device.page.evaluate(() => (window as Window & { __sawBusy?: boolean }).__sawBusy)).toBe(true);
    for (let round = 0; round < 4; round++) {
      if (round > 0) await rotation.rotate();
      await expect.poll(async () => (await rotation.outTitles()).length).toBe(3);
      const titles = await rotation.outTitles();
      expect(titles[0]).toBe('Kite');
      expect(titles).not.toContain('Drum');
      titles.forEach((title) => seen.add(title));
      if (round === 0) {
        await saveScreenshot(device.page, 'rotation', 'desktop');
        expect(await seriousViolations(device.page)).toEqual([]);
      }
    }
    expect(seen.size).toBeGreaterThan(3); // random picks differ between rounds
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
    expect(await rotation.lastDate.textContent()).toBe(today);
    expect(await rotation.flash.textContent()).toMatch(/^Toys rotated: 3 toys are out now\.$/);
    // The list is numbered.
    expect(await device.page.locator('ol.tr-rotated > li .tr-rotated__number').allTextContents()).toEqual(['1', '2', '3']);
    // History: newest first, up to five.
    expect(await device.page.getByRole('region', { name: 'Recent rotations' }).getByRole('listitem').count()).toBe(4);
    await rotation.flash.waitFor({ state: 'detached', timeout: 7000 });
  });

  it('keeps the rotation after a reload and looks right on a phone', async () => {
    const before = await rotation.outTitles();
    await rotation.goto();
    await expect.poll(() => rotation.outTitles()).toEqual(before);
    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/rotation');
    const model = new RotationPageModel(phone.page);
    await model.goto();
    await expect.poll(() => model.outTitles()).toEqual(before);
    await saveScreenshot(phone.page, 'rotation', 'phone');
    await phone.context.close();
    expect(device.errors).toEqual([]);
  });
});
