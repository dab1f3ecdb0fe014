import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryPageModel } from './pages/inventory-page.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, waitForApp, type ViewportName } from './support/browser.js';
import { seriousViolations } from './support/axe.js';
import { makePng } from './support/png.js';
import { pushed, toyDoc } from './support/pushed.js';

// Every screen at 390 and 1280 px in the light and the dark theme (issue 16, polish 9): the
// dark theme follows the system setting and is as readable as the light one (axe, which checks
// contrast, finds nothing serious). Screenshots go to e2e/screenshots/polish/ (gitignored).

const PUBLIC = [
  ['frontpage', '/frontpage'],
  ['login', '/login'],
  ['register', '/register'],
  ['forgotpassword', '/forgotpassword'],
  ['resetpassword', '/resetpassword/some-token'],
  ['recoverpassword', '/RecoverPassword'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['contactus', '/contactus'],
  ['beehealthycontactus', '/beehealthycontactus'],
  ['deletionform', '/deletionform'],
  ['pricingnoauth', '/pricingnoauth'],
  ['paymentsuccess', '/paymentsuccess'],
  ['paymentcanceled', '/paymentcanceled'],
] as const;
const SIGNED_IN = [
  ['home', '/'],
  ['inventory', '/inventory'],
  ['baskets', '/baskets'],
  ['rotation', '/rotation'],
  ['history', '/history'],
  ['settings', '/settings'],
  ['pricing', '/pricing'],
] as const;

const dir = path.resolve(import.meta.dirname, 'screenshots', 'polish');
let browser: Browser;
let account: Account;
/** An invite to another family's household, for the join screen (signed out, and with a choice). */
let inviteCode: string;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('polish-screens');
  const host = await createAccount('polish-host');
  const invite = await fetch(`${baseUrl()}/api/household/invites`, {
    method: 'POST',
    headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  inviteCode = ((await invite.json()) as { code: string }).code;
  const start = Date.now() - 100_000;
  await pushed(account, 'toys', [
    toyDoc({ id: 'a', title: 'A wooden rainbow stacker with twelve arches and three peg people', createdAt: start }),
    toyDoc({ id: 'b', title: 'Trainset', createdAt: start + 1, favorite: true }),
    toyDoc({ id: 'c', title: 'Drum', createdAt: start + 2, excluded: true }),
    toyDoc({ id: 'd', title: 'Puzzle', createdAt: start + 3 }),
  ]);
  await pushed(account, 'lists', [{ id: 'col-bath', kind: 'collection', name: 'Bath time', position: 1, createdAt: start, _deleted: false }]);
  // One toy with a real photo, so cards show both kinds.
  const device = await newDevice(browser, 'desktop');
  await signIn(device.page, account, '/inventory');
  const inventory = new InventoryPageModel(device.page);
  await inventory.goto();
  await inventory.addToyAndWait({ title: 'Kite', photo: makePng(400, 300, [220, 120, 40]) });
  // A rotation, so the rotation screen shows its numbered cards and the Kept badge.
  const rotation = new RotationPageModel(device.page);
  await rotation.goto();
  await rotation.rotate();
  await device.context.close();
});

afterAll(async () => {
  await browser?.close();
});

async function shoot(page: Page, scheme: 'light' | 'dark', name: string, viewport: ViewportName): Promise<void> {
  fs.mkdirSync(path.join(dir, scheme), { recursive: true });
  await page.waitForTimeout(200);
  // A window or the drawer is seen in the viewport; a page as a whole.
  const overlay = await page.locator('.modal, .sidemenu[data-open="true"]').count();
  await page.screenshot({
    path: path.join(dir, scheme, `${name}-${viewport === 'phone' ? 390 : 1280}.png`),
    fullPage: overlay === 0,
    animations: 'disabled',
  });
}

async function sweep(scheme: 'light' | 'dark', viewport: ViewportName): Promise<Record<string, unknown[]>> {
  const found: Record<string, unknown[]> = {};
  const check = async (page: Page, name: string) => {
    await shoot(page, scheme, name, viewport);
    const violations = await seriousViolations(page);
    if (violations.length) found[name] = violations;
  };

  const visitor = await newDevice(browser, viewport);
  await visitor.page.emulateMedia({ colorScheme: scheme });
  for (const [name, route] of PUBLIC) {
    await visitor.page.goto(route);
    await waitForApp(visitor.page);
    await visitor.page.locator('h1').first().waitFor();
    await check(visitor.page, name);
  }
  await visitor.page.goto('/no-such-page');
  await waitForApp(visitor.page);
  await visitor.page.getByText('We could not find that page').waitFor();
  await check(visitor.page, 'not-found');
  await visitor.page.goto(`/join/${inviteCode}`);
  await visitor.page.getByRole('heading', { level: 1, name: 'Join a family' }).waitFor();
  await check(visitor.page, 'join-signed-out');
  await visitor.context.close();

  const parent = await newDevice(browser, viewport);
  await parent.page.emulateMedia({ colorScheme: scheme });
  await signIn(parent.page, account, '/');
  for (const [name, route] of SIGNED_IN) {
    await parent.page.goto(route);
    await waitForApp(parent.page);
    await parent.page.locator('h1').first().waitFor();
    if (name === 'inventory') await parent.page.locator('.tr-card').first().waitFor();
    await check(parent.page, name);
  }
  // The join screen signed in, with the bring-or-leave choice (this family has toys).
  await parent.page.goto(`/join/${inviteCode}`);
  await parent.page.getByRole('heading', { level: 1, name: 'Join a family' }).waitFor();
  await check(parent.page, 'join');
  // A noted observation on the rotation screen: a pressed choice is text on the accent colour.
  await parent.page.goto('/rotation');
  const playedALot = parent.page.locator('.tr-observe__choice[data-level="lot"]').first();
  if ((await playedALot.getAttribute('aria-pressed')) !== 'true') await playedALot.click();
  await parent.page.locator('.tr-observe__choice[data-level="lot"][aria-pressed="true"]').first().waitFor();
  await check(parent.page, 'rotation-observed');
  // The windows: add a toy, a toy's detail, the sort panel, the phone menu.
  const inventory = new InventoryPageModel(parent.page);
  await inventory.goto();
  await parent.page.getByRole('button', { name: 'Add toy' }).first().click();
  await inventory.dialog.waitFor();
  await check(parent.page, 'inventory-add');
  await inventory.closeDialog();
  await inventory.openToy('Trainset');
  await check(parent.page, 'inventory-detail');
  await inventory.closeDialog();
  await inventory.openSort();
  await check(parent.page, 'inventory-sort');
  if (viewport === 'phone') {
    await parent.page.evaluate(() => window.scrollTo(0, 0));
    await parent.page.getByRole('button', { name: 'Open menu' }).click();
    await parent.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
    await check(parent.page, 'menu');
  }
  await parent.context.close();
  return found;
}

describe('every screen in both themes', () => {
  it('follows the system: dark colours when the system asks for them', async () => {
    const device = await newDevice(browser, 'phone');
    await device.page.goto('/frontpage');
    const background = () => device.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).toBe('rgb(255, 249, 242)');
    await device.page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(26, 23, 21)');
    await device.context.close();
  });

  for (const viewport of ['phone', 'desktop'] as const) {
    it(`dark at ${viewport === 'phone' ? 390 : 1280} px: axe finds nothing serious on any screen`, { timeout: 240_000 }, async () => {
      expect(await sweep('dark', viewport)).toEqual({});
    });
    it(`light at ${viewport === 'phone' ? 390 : 1280} px: the same screens, the same check`, { timeout: 240_000 }, async () => {
      expect(await sweep('light', viewport)).toEqual({});
    });
  }
});
