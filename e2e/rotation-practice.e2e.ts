import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { signedInWithToys, type SignedIn } from './support/signed-in.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { SettingsPageModel } from './pages/settings-page.js';
import { saveScreenshot } from './support/screenshots.js';
import { seriousViolations } from './support/axe.js';
import { displayOf, printedPageCount, stubPrintDialog } from './support/print.js';

// Issue 14 in the real app: the swap list, observations, retiring, a second child, the schedule.

let browser: Browser;
let account: Account;
let device: Device;
let signedIn: SignedIn;
let rotation: RotationPageModel;
const TOYS = [
  { title: 'Kite', place: 'Shelf' },
  { title: 'Drum', place: 'Bin 1' },
  { title: 'Puzzle', place: 'Bin 1' },
  { title: 'Robot', place: 'Bin 2' },
  { title: 'Doll', place: 'Bin 2' },
  { title: 'Ark' },
];

const swap = (page: Page) => page.getByTestId('swap-list');
const part = (page: Page, name: 'Put away' | 'Bring out') => swap(page).getByRole('region', { name });

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInWithToys(browser, 'practice', TOYS);
  ({ account, device } = signedIn);
  await signedIn.inventory.switchOn('Kite', 'Kept in rotation');
  const settings = new SettingsPageModel(device.page);
  await settings.goto();
  await settings.setRotationCount(2);
  await settings.flash.filter({ hasText: 'Rotation number updated' }).waitFor();
  // Balanced picking rests the toys out last time, so each new rotation has a swap list (random
  // picks could bring out the same toys again). A controlled radio: checked once written.
  await device.page.getByRole('radio', { name: /^Balanced/ }).click();
  await settings.flash.filter({ hasText: 'Balanced picking.' }).waitFor();
  await device.page.getByRole('radio', { name: /^Balanced/, checked: true }).waitFor({ state: 'attached' });
  rotation = new RotationPageModel(device.page);
  await rotation.goto();
});

afterAll(async () => {
  await browser?.close();
});

describe('rotation practice', () => {
  it('shows the swap list by storage place, keeps ticks over a reload, and prints only the list', async () => {
    const { page } = device;
    await rotation.rotate();
    const first = await rotation.outTitles();
    expect(first).toHaveLength(3);
    // The first rotation: everything comes out, nothing to put away.
    await part(page, 'Put away').getByText('Nothing to put away.').waitFor();
    const bringOut = await part(page, 'Bring out').locator('.tr-swap__item').allTextContents();
    expect(bringOut.sort()).toEqual([...first].sort());
    await expect.poll(() => part(page, 'Bring out').locator('.tr-swap__place').first().textContent()).not.toBe('');

    await rotation.rotate();
    const second = await rotation.outTitles();
    const away = first.filter((title) => !second.includes(title));
    const out = second.filter((title) => !first.includes(title));
    expect((await part(page, 'Put away').locator('.tr-swap__item').allTextContents()).sort()).toEqual(away.sort());
    expect((await part(page, 'Bring out').locator('.tr-swap__item').allTextContents()).sort()).toEqual(out.sort());
    // Kite is kept: out both times, on neither list.
    expect(await swap(page).getByText('Kite').count()).toBe(0);
    // Each toy under its storage place.
    const placeOf = Object.fromEntries(TOYS.map((toy) => [toy.title, toy.place ?? 'No storage place']));
    for (const title of out) {
      await part(page, 'Bring out').locator('.tr-swap__group', { hasText: placeOf[title] }).getByText(title).waitFor();
    }

    const box = page.getByRole('checkbox', { name: out[0] });
    await box.check();
    await page.getByText(`1 of ${away.length + out.length} done`).waitFor();
    await rotation.goto();
    expect(await page.getByRole('checkbox', { name: out[0] }).isChecked()).toBe(true);
    await saveScreenshot(page, 'rotation-swap-list', 'desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Printing the checklist: only the list, black on white, on one page (the rest of the
    // screen takes no room: no blank pages).
    const printed = await stubPrintDialog(page);
    await swap(page).getByRole('button', { name: 'Print checklist' }).click();
    expect(await printed()).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await displayOf(page.locator('.topbar'))).toBe('none');
    // (By CSS, not by role: an element left out of the print is out of the accessibility tree too.)
    expect(await displayOf(page.locator('section[aria-labelledby="out-now"]'))).toBe('none');
    expect(await displayOf(page.locator('section.tr-history'))).toBe('none');
    expect(await swap(page).isVisible()).toBe(true);
    expect(await part(page, 'Bring out').getByText(out[0] as string).isVisible()).toBe(true);
    expect(await swap(page).locator('button').count()).toBe(2);
    for (const button of await swap(page).locator('button').all()) expect(await button.isVisible()).toBe(false);
    expect(await swap(page).locator('.tr-swap__place').first().evaluate((place) => getComputedStyle(place).color)).toBe('rgb(0, 0, 0)');
    expect(await printedPageCount(page)).toBe(1);
    await saveScreenshot(page, 'rotation-print', 'desktop');

    // Bin labels: one label per storage place, listing every toy stored there (not only the
    // ones moving now); toys without a place get none.
    await page.emulateMedia({ media: 'screen' });
    const labels = page.getByTestId('bin-labels');
    expect(await labels.isVisible()).toBe(false);
    await swap(page).getByRole('button', { name: 'Print bin labels' }).click();
    expect(await printed()).toBe(2);
    await page.emulateMedia({ media: 'print' });
    expect(await displayOf(swap(page))).toBe('none');
    const label = labels.locator('.tr-bin-label');
    expect(await label.locator('.tr-bin-label__place').allTextContents()).toEqual(['Bin 1', 'Bin 2', 'Shelf']);
    expect(await label.nth(0).locator('li').allTextContents()).toEqual(['Drum', 'Puzzle']);
    expect(await label.nth(1).locator('li').allTextContents()).toEqual(['Doll', 'Robot']);
    expect(await label.nth(2).locator('li').allTextContents()).toEqual(['Kite']);
    expect(await labels.isVisible()).toBe(true);
    expect(await printedPageCount(page)).toBe(1);
    await saveScreenshot(page, 'rotation-bin-labels', 'desktop');
    await page.emulateMedia({ media: 'screen' });
    expect(await labels.isVisible()).toBe(false);
  });

  it('notes how each toy went with one tap, and the toy tells its story', async () => {
    const { page } = device;
    const kite = page.getByRole('group', { name: 'How Kite went' });
    await kite.getByRole('button', { name: 'Not touched' }).click();
    await kite.getByRole('button', { name: 'Not touched', pressed: true }).waitFor();
    // One rotation earlier Kite was out too: note it there through a new rotation after this one.
    await rotation.goto();
    await page.getByRole('group', { name: 'How Kite went' }).getByRole('button', { name: 'Not touched', pressed: true }).waitFor();
    await rotation.rotate();
    await page.getByRole('group', { name: 'How Kite went' }).getByRole('button', { name: 'Not touched', pressed: false }).waitFor();
    await page.getByRole('group', { name: 'How Kite went' }).getByRole('button', { name: 'Not touched' }).click();
    const other = (await rotation.outTitles()).find((title) => title !== 'Kite') as string;
    await page.getByRole('group', { name: `How ${other} went` }).getByRole('button', { name: 'Played a lot' }).click();
    await page.getByRole('group', { name: `How ${other} went` }).getByRole('button', { name: 'Played a lot', pressed: true }).waitFor();
    // Kite sat untouched twice: the gentle suggestion shows in the list of toys out now too.
    const restWord = 'Not touched in its last two rotations: maybe give it a rest, or retire it.';
    await page.locator('.tr-rotated__item', { hasText: 'Kite' }).getByText(restWord).waitFor();
    expect(await page.locator('.tr-rotated__item', { hasText: other }).getByText(restWord).count()).toBe(0);

    const inventory = new InventoryPageModel(page);
    await inventory.goto();
    const detail = await inventory.openToy('Kite');
    await expect.poll(() => detail.getByTestId('toy-story-summary').textContent()).toMatch(/^Out 3 times; last out /);
    expect(await detail.locator('.tr-story__times li').allTextContents()).toEqual([
      expect.stringMatching(/: not touched$/),
      expect.stringMatching(/: not touched$/),
      expect.stringMatching(/: no note$/),
    ]);
    await detail.getByText('Not touched in its last two rotations: maybe give it a rest, or retire it.').waitFor();
    await inventory.closeDialog();
  });

  it('retires a toy with a reason and a note, finds it under Retired, and brings it back', async () => {
    const { page } = device;
    const inventory = new InventoryPageModel(page);
    await inventory.goto();
    expect(await inventory.count.textContent()).toBe('6 / 100 toys');
    const detail = await inventory.openToy('Ark');
    await detail.getByRole('button', { name: 'Retire' }).click();
    await detail.getByLabel('Why').selectOption({ label: 'Donated' });
    await detail.getByLabel('Note (optional)').fill('To the nursery');
    await detail.getByRole('button', { name: 'Retire', exact: true }).click();
    await detail.getByText(/Retired: Donated, .*\. To the nursery/).waitFor();
    await inventory.closeDialog();
    await expect.poll(() => inventory.cardTitles()).not.toContain('Ark');
    expect(await inventory.count.textContent()).toBe('5 / 100 toys');
    // Home counts the same active inventory.
    await page.goto('/');
    await page.getByTestId('home-summary').filter({ hasText: 'You have 5 toys in your inventory.' }).waitFor();
    await inventory.goto();

    const filter = await inventory.openFilter();
    await filter.getByLabel('Retired').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Ark']);
    await saveScreenshot(page, 'inventory-retired', 'desktop');
    const back = await inventory.openToy('Ark');
    await back.getByRole('button', { name: 'Bring back' }).click();
    await back.getByText('Ark is back in the inventory.').waitFor();
    await inventory.closeDialog();
    await filter.getByLabel('Retired').uncheck();
    await expect.poll(() => inventory.cardTitles()).toContain('Ark');

    // Storage place: filter by one bin, sort by place.
    await filter.getByLabel('Stored in').selectOption('Bin 1');
    await expect.poll(async () => (await inventory.cardTitles()).sort()).toEqual(['Drum', 'Puzzle']);
    await filter.getByRole('button', { name: 'Reset filters' }).click();
    const sort = await inventory.openSort();
    await sort.getByLabel('By storage place').check();
    await expect.poll(() => inventory.cardTitles()).toEqual(['Drum', 'Puzzle', 'Doll', 'Robot', 'Kite', 'Ark']);
  });

  it('adds a second child with an age suggestion; each child rotates on its own', async () => {
    const { page } = device;
    const settings = new SettingsPageModel(page);
    await settings.goto();
    // One child: no picker anywhere.
    expect(await page.getByRole('radio', { name: 'Your child' }).count()).toBe(0);
    const add = page.getByRole('form', { name: 'Add a child' });
    await add.getByLabel('Name').fill('Mia');
    await add.getByLabel('Birth month').selectOption({ label: 'March' });
    await add.getByLabel('Birth year').fill(String(new Date().getUTCFullYear() - 1));
    await add.getByRole('button', { name: 'Add child' }).click();
    await settings.flash.filter({ hasText: 'Mia was added.' }).waitFor();
    await page.getByRole('radio', { name: 'Mia' }).check();
    const suggestion = page.getByTestId('age-suggestion');
    await suggestion.getByText(/Suggested for Mia's age: \d+ toys/).waitFor();
    await suggestion.getByText(/Dauch et al\. 2018/).waitFor();
    await saveScreenshot(page, 'settings-children', 'desktop');

    await rotation.goto();
    // The child chosen in Settings is still chosen here.
    await page.getByRole('radio', { name: 'Mia', checked: true }).waitFor({ state: 'attached' });
    await page.getByText('No toys out yet').waitFor();
    await page.getByRole('radio', { name: 'Your child' }).check();
    await expect.poll(async () => (await rotation.outTitles()).length).toBe(3);
    const before = await rotation.outTitles();
    await page.getByRole('button', { name: 'Rotate for Your child' }).click();
    await expect.poll(async () => (await rotation.outTitles()).join()).not.toBe(before.join());
    const firstOut = await rotation.outTitles();
    // Each child's swap list keeps its own ticks.
    const firstTick = (await swap(page).locator('.tr-swap__item').first().textContent()) as string;
    await page.getByRole('checkbox', { name: firstTick, exact: true }).check();
    await page.getByRole('radio', { name: 'Mia' }).check();
    await page.getByText('No toys out yet').waitFor();
    expect(await rotation.lastDate.textContent()).toBe('Not rotated yet');
    await page.getByRole('button', { name: 'Rotate for Mia' }).click();
    await rotation.flash.waitFor();
    await expect.poll(async () => (await rotation.outTitles()).length).toBeGreaterThan(0);
    await page.getByRole('heading', { name: 'Swap list for Mia' }).waitFor();
    const miaTick = (await swap(page).locator('.tr-swap__item').first().textContent()) as string;
    await page.getByRole('checkbox', { name: miaTick, exact: true }).check();
    await page.getByRole('radio', { name: 'Your child' }).check();
    await expect.poll(() => rotation.outTitles()).toEqual(firstOut);
    expect(await page.getByRole('checkbox', { name: firstTick, exact: true }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Mia' }).check();
    await page.getByRole('heading', { name: 'Swap list for Mia' }).waitFor();
    expect(await page.getByRole('checkbox', { name: miaTick, exact: true }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Your child' }).check();
    await saveScreenshot(page, 'rotation-children', 'desktop');

    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/rotation');
    await new RotationPageModel(phone.page).goto();
    await phone.page.getByRole('radio', { name: 'Mia' }).waitFor();
    await saveScreenshot(phone.page, 'rotation-children', 'phone');
    await phone.page.goto('/history');
    await phone.page.getByRole('heading', { name: 'Past rotations' }).waitFor();
    await saveScreenshot(phone.page, 'history', 'phone');
    await phone.context.close();

    await page.goto('/history');
    await page.getByRole('table', { name: /How each category was played with/ }).waitFor();
    await saveScreenshot(page, 'history', 'desktop');
    expect(await seriousViolations(page)).toEqual([]);
    expect(device.errors).toEqual([]);
  });
});

describe('former children', () => {
  it("refuses a birth year after this year, and keeps a removed child's rotations under Former children in History", async () => {
    const { page } = device;
    const settings = new SettingsPageModel(page);
    await settings.goto();
    const add = page.getByRole('form', { name: 'Add a child' });
    await add.getByLabel('Name').fill('Leo');
    await add.getByLabel('Birth year').fill(String(new Date().getFullYear() + 1));
    await add.getByRole('button', { name: 'Add child' }).click();
    expect(await add.getByLabel('Birth year').evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    expect(await page.getByRole('radio', { name: 'Leo' }).count()).toBe(0);
    await add.getByLabel('Birth year').fill('');
    await add.getByRole('button', { name: 'Add child' }).click();
    await settings.flash.filter({ hasText: 'Leo was added.' }).waitFor();

    await rotation.goto();
    await page.getByRole('radio', { name: 'Leo' }).check();
    await page.getByRole('button', { name: 'Rotate for Leo' }).click();
    await page.getByRole('heading', { name: 'Swap list for Leo' }).waitFor();
    const leoOut = await rotation.outTitles();
    expect(leoOut.length).toBeGreaterThan(0);

    await settings.goto();
    await page.getByRole('form', { name: 'Leo' }).getByRole('button', { name: 'Remove' }).click();
    await settings.flash.filter({ hasText: 'Leo was removed.' }).waitFor();
    await page.goto('/history');
    const former = page.getByRole('region', { name: 'Former children' });
    await former.getByText('For a former child').waitFor();
    expect((await former.locator('.tr-history-entry li').allTextContents()).sort()).toEqual([...leoOut].sort());
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('schedule', () => {
  it('shows the next due day, then "Rotation due" when the clock reaches it', async () => {
    const start = Date.UTC(2026, 10, 23, 9, 0); // Mon, Nov 23
    const clockDevice = await newDevice(browser, 'phone');
    const { page } = clockDevice;
    await page.clock.setFixedTime(start);
    await signIn(page, account, '/settings');
    const settings = new SettingsPageModel(page);
    await settings.goto();
    await page.getByRole('radio', { name: 'Your child' }).check();
    await page.getByLabel('Rotate every').selectOption({ label: 'Every 7 days' });
    await settings.flash.filter({ hasText: 'Rotation every 7 days.' }).waitFor();
    // The private calendar feed: made, readable without signing in, revoked.
    const calendar = page.getByTestId('calendar-feed');
    await calendar.getByRole('button', { name: 'Make a calendar link' }).click();
    const link = await calendar.getByLabel('Calendar link').inputValue();
    // The link carries its maker's language (decision 044).
    expect(link).toMatch(/\/api\/calendar\/[^/?]+\.ics\?lang=en$/);
    await saveScreenshot(page, 'settings-schedule', 'phone');
    const model = new RotationPageModel(page);
    await model.goto();
    await model.rotate();
    await page.getByTestId('due-line').filter({ hasText: 'Next rotation: Mon, Nov 30' }).waitFor();
    await page.goto('/');
    await page.getByTestId('due-line').filter({ hasText: 'Next rotation: Mon, Nov 30' }).waitFor();

    // A week later (the session's start moves along, as the spec's 2-hour expiry would otherwise end it).
    const later = start + 7 * 24 * 3600_000;
    await page.clock.setFixedTime(later);
    await page.evaluate((time) => localStorage.setItem('setupTime', String(time)), later);
    await page.reload();
    await page.getByTestId('due-line').filter({ hasText: 'Rotation due' }).first().waitFor();
    await saveScreenshot(page, 'home-due', 'phone');
    await model.goto();
    await page.getByTestId('due-line').filter({ hasText: 'Rotation due' }).waitFor();
    await model.rotate();
    await page.getByTestId('due-line').filter({ hasText: 'Next rotation: Mon, Dec 7' }).waitFor();
    // The link names the app's public address; the test server listens on its own port.
    const feedUrl = `${baseUrl()}${new URL(link).pathname}`;
    const feed = await fetch(feedUrl);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await settings.goto();
    await page.getByTestId('calendar-feed').getByRole('button', { name: 'Revoke link' }).click();
    await settings.flash.filter({ hasText: 'Calendar link revoked.' }).waitFor();
    expect((await fetch(feedUrl)).status).toBe(404);
    await clockDevice.context.close();
  });
});
