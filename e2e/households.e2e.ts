import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, newCredentials } from './support/accounts.js';
import { launchBrowser, newDevice, VIEWPORTS, type Device } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { LoginPage, RegisterPage } from './pages/auth-pages.js';
import { signedInWithToys, type SignedIn } from './support/signed-in.js';
import { makePng } from './support/png.js';
import { seriousViolations } from './support/axe.js';

// Issue 13, the browser test: parent A invites parent B by link (the share sheet gets the link),
// B registers through the link, both see the same inventory, an edit by B shows live on A's
// screen, A removes B and B's screen leaves the household's data; joins, renames and leaving
// show live on the other's Family screen; the owner deletes the household and both devices
// leave its data; C, who has an account, logs in through a link and joins.
// Screenshots of Settings -> Family, the join screen and the delete confirmation.

let browser: Browser;
let a: SignedIn;
let b: Device;
let inviteUrl = '';
/** A's family's name as Settings shows it: the join page names it (with who invited). */
let familyName = '';
const bCredentials = newCredentials('parentb');

/** Both widths of one screen, from one page (the layout follows the viewport). */
async function bothWidths(page: Page, name: string): Promise<void> {
  // The one-time "Ready to work offline" toast would cover the screen being looked at.
  const offlineReady = page.getByTestId('offline-ready');
  if (await offlineReady.isVisible()) await offlineReady.getByRole('button', { name: 'OK' }).click();
  for (const viewport of ['phone', 'desktop'] as const) {
    await page.setViewportSize(VIEWPORTS[viewport]);
    await saveScreenshot(page, name, viewport);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

function family(page: Page) {
  return page.getByRole('region', { name: 'Family' });
}

async function createInvite(page: Page): Promise<string> {
  await page.goto('/settings');
  const section = family(page);
  await section.getByTestId('household-name').waitFor();
  await section.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = section.getByRole('textbox', { name: 'Invite link' });
  await link.waitFor();
  return link.inputValue();
}

beforeAll(async () => {
  browser = await launchBrowser();
  a = await signedInWithToys(browser, 'parenta', [
    { title: 'Blocks', photo: makePng(120, 120) },
    { title: 'Kite', photo: makePng(120, 120) },
  ]);
  b = await newDevice(browser, 'phone');
});

afterAll(async () => {
  await browser?.close();
});

describe('a family shares one household', () => {
  it('A invites by link: copy, share sheet, QR code, the open invite listed with Revoke', async () => {
    // A phone's share sheet: this Chromium has none, so a stand-in records what it was given.
    await a.device.page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, 'sharedByTest', { value: shared });
      Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: ShareData) => void shared.push(data) });
    });
    inviteUrl = await createInvite(a.device.page);
    expect(inviteUrl).toMatch(/\/join\/[A-Za-z0-9_-]{22,}$/);
    const section = family(a.device.page);
    familyName = (await section.getByTestId('household-name').textContent()) ?? '';
    expect(familyName).not.toBe('');
    await section.getByRole('img', { name: 'QR code of the invite link' }).waitFor();
    await section.getByRole('list', { name: 'Open invites' }).getByRole('button', { name: /Revoke invite/ }).first().waitFor();
    await section.getByRole('list', { name: 'Members' }).getByText(a.account.username).waitFor();
    await section.getByRole('button', { name: 'Share…' }).click();
    const shared = await a.device.page.evaluate(() => (window as unknown as { sharedByTest: ShareData[] }).sharedByTest);
    expect(shared).toEqual([expect.objectContaining({ url: inviteUrl })]);
    await bothWidths(a.device.page, 'households-settings-family');
    expect(await seriousViolations(a.device.page)).toEqual([]);
  });

  it('shows the bring-or-leave choice before joining, and the 409 when joining the household one is in', async () => {
    const page = a.device.page;
    await page.goto(new URL(inviteUrl).pathname);
    await page.getByRole('heading', { name: 'Join a family' }).waitFor();
    await page.getByText('You already have 2 toys. What should happen to them?').waitFor();
    await page.getByTestId('join-children').filter({ hasText: /^Your child comes too/ }).waitFor();
    const join = page.getByRole('button', { name: 'Join the family' });
    expect(await join.isDisabled()).toBe(true); // the choice comes first
    await bothWidths(page, 'households-join-choice');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(/Leave them behind/).check();
    await join.click();
    await page.getByRole('alert').filter({ hasText: 'You are already in this household.' }).waitFor();
  });

  it('B opens the link signed out, registers through it, joins, and sees the same inventory', async () => {
    const page = b.page;
    await page.goto(new URL(inviteUrl).pathname);
    await page.getByRole('heading', { name: 'Join a family' }).waitFor();
    // Who invited and to which family, before deciding to make an account for it.
    await page.getByTestId('join-invited-by').filter({ hasText: `${a.account.username} invited you to join ${familyName}.` }).waitFor();
    await bothWidths(page, 'households-join-signed-out');
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const register = new RegisterPage(page);
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await register.fill(bCredentials);
    await register.solveCaptcha();
    await register.submit();
    // Back at the invite, now signed in; a new account has no toys, so there is no choice.
    await page.waitForURL(/\/join\//);
    await page.getByTestId('join-invited-by').filter({ hasText: `${a.account.username} invited you to join ${familyName}.` }).waitFor();
    await page.getByRole('button', { name: 'Join the family' }).click();
    await page.waitForURL(/\/inventory$/);
    await page.getByTestId('household-notice').filter({ hasText: /You joined/ }).waitFor();
    const inventory = new InventoryPageModel(page);
    await inventory.card('Blocks').waitFor({ timeout: 20_000 });
    await inventory.card('Kite').waitFor();
  });

  it("B's edit shows live on A's screen, with who changed it", async () => {
    const onA = new InventoryPageModel(a.device.page);
    await onA.goto();
    const onB = new InventoryPageModel(b.page);
    const detail = await onB.openToy('Kite');
    await detail.getByTestId('toy-added-by').filter({ hasText: a.account.username }).waitFor();
    await detail.getByRole('button', { name: 'Edit' }).click();
    await detail.getByLabel('Title').fill('Red kite');
    await detail.getByRole('button', { name: 'Submit' }).click();
    await detail.getByRole('heading', { name: 'Red kite' }).waitFor();
    await onB.closeDialog();

    await onA.card('Red kite').waitFor({ timeout: 20_000 }); // no reload on A
    const onADetail = await onA.openToy('Red kite');
    await onADetail.getByTestId('toy-added-by').filter({ hasText: 'you' }).waitFor();
    await onADetail.getByTestId('toy-changed-by').filter({ hasText: bCredentials.username }).waitFor({ timeout: 20_000 });
    await onA.closeDialog();
  });

  it("A removes B: B's screen leaves the household's data and says so", async () => {
    const page = a.device.page;
    await page.goto('/settings');
    const section = family(page);
    const member = section.getByTestId('member').filter({ hasText: bCredentials.username });
    await member.getByRole('button', { name: 'Remove' }).click();
    await section.getByRole('button', { name: `Yes, remove ${bCredentials.username}` }).click();
    await page.getByTestId('flash').filter({ hasText: `${bCredentials.username} was removed` }).waitFor();
    await expect.poll(() => section.getByTestId('member').count()).toBe(1);

    // B did nothing: the closed stream and the 403 at the next contact move the device.
    await b.page.getByTestId('household-notice').filter({ hasText: 'You are no longer a member of' }).waitFor({ timeout: 30_000 });
    const onB = new InventoryPageModel(b.page);
    await b.page.getByText('No toys yet').waitFor({ timeout: 20_000 });
    expect(await onB.gallery().count()).toBe(0);
    await saveScreenshot(b.page, 'households-removed', 'phone');
    // A keeps everything.
    const onA = new InventoryPageModel(page);
    await onA.goto();
    expect((await onA.cardTitles()).sort()).toEqual(['Blocks', 'Red kite']);
  });
});

describe('leaving', () => {
  it('B joins again with a new invite, then leaves: the family data leaves B\'s device, A keeps it; each Family screen follows live', async () => {
    const url = await createInvite(a.device.page);
    const onASettings = family(a.device.page); // A stays on Settings -> Family throughout
    const page = b.page;
    await page.goto(new URL(url).pathname);
    await page.getByRole('button', { name: 'Join the family' }).click();
    await page.waitForURL(/\/inventory$/);
    const onB = new InventoryPageModel(page);
    await onB.card('Blocks').waitFor({ timeout: 20_000 });
    // The join shows on A's open screen, no reload.
    await onASettings.getByTestId('member').filter({ hasText: bCredentials.username }).waitFor({ timeout: 20_000 });

    await page.goto('/settings');
    const section = family(page);
    await section.getByRole('list', { name: 'Members' }).getByText(a.account.username).waitFor();
    // A renames the family: B's open screen follows.
    await onASettings.getByRole('button', { name: 'Rename' }).click();
    await onASettings.getByLabel('Family name').fill('The Rotators');
    await onASettings.getByRole('button', { name: 'Save' }).click();
    await section.getByTestId('household-name').filter({ hasText: 'The Rotators' }).waitFor({ timeout: 20_000 });

    await section.getByRole('button', { name: 'Leave family' }).click();
    await section.getByRole('button', { name: 'Yes, leave' }).click();
    await page.getByTestId('household-notice').filter({ hasText: /^You left .*Its toys were removed from this device/ }).waitFor({ timeout: 20_000 });
    await onB.goto();
    await page.getByText('No toys yet').waitFor();
    // B's leaving shows on A's open screen.
    await expect.poll(() => onASettings.getByTestId('member').count(), { timeout: 20_000 }).toBe(1);

    const onA = new InventoryPageModel(a.device.page);
    await onA.goto();
    expect((await onA.cardTitles()).sort()).toEqual(['Blocks', 'Red kite']);
  });
});

describe('deleting the household', () => {
  it("only the owner sees Delete household; after the confirmation both devices leave the family's data", async () => {
    const url = await createInvite(a.device.page);
    const page = b.page;
    await page.goto(new URL(url).pathname);
    await page.getByRole('button', { name: 'Join the family' }).click();
    await page.waitForURL(/\/inventory$/);
    await new InventoryPageModel(page).card('Blocks').waitFor({ timeout: 20_000 });
    await page.goto('/settings');
    await family(page).getByRole('button', { name: 'Leave family' }).waitFor();
    expect(await family(page).getByRole('button', { name: 'Delete household' }).count()).toBe(0); // a member may not
    await page.goto('/inventory');

    const onA = a.device.page;
    await onA.goto('/settings');
    const section = family(onA);
    await section.getByRole('list', { name: 'Members' }).getByText(bCredentials.username).waitFor();
    await section.getByRole('button', { name: 'Delete household' }).click();
    const confirm = section.getByRole('group', { name: 'Confirm deleting the household' });
    await confirm.getByText(/shared toys, photos, .*rotation history are deleted for good/).waitFor();
    await confirm.getByText(`Every member keeps their account (${bCredentials.username} and you)`).waitFor();
    const go = confirm.getByRole('button', { name: 'Delete household' });
    expect(await go.isDisabled()).toBe(true); // the tick comes first
    await bothWidths(onA, 'households-delete-confirm');
    expect(await seriousViolations(onA)).toEqual([]);
    await confirm.getByLabel(/Yes, delete .* and everything in it/).check();
    await go.click();

    await onA.getByTestId('household-notice').filter({ hasText: /^You deleted .*Its toys were removed from this device/ }).waitFor({ timeout: 20_000 });
    await section.getByTestId('member').filter({ hasText: a.account.username }).waitFor();
    await expect.poll(() => section.getByTestId('member').count(), { timeout: 10_000 }).toBe(1);
    const inventoryA = new InventoryPageModel(onA);
    await inventoryA.goto();
    await onA.getByText('No toys yet').waitFor({ timeout: 20_000 });

    // B did nothing: the closed stream and the 403 at the next contact move B's device too.
    await page.getByTestId('household-notice').filter({ hasText: 'You are no longer a member of' }).waitFor({ timeout: 30_000 });
    await page.getByText('No toys yet').waitFor({ timeout: 20_000 });
    expect(await new InventoryPageModel(page).gallery().count()).toBe(0);
  });
});

describe('logging in through an invite', () => {
  it('C, who has an account, opens the link signed out, logs in, comes back to the invite and joins', async () => {
    const url = await createInvite(a.device.page);
    const c = await createAccount('parentc');
    const device = await newDevice(browser, 'phone');
    const page = device.page;
    await page.goto(new URL(url).pathname);
    await page.getByRole('link', { name: 'I have an account: log in' }).click();
    const login = new LoginPage(page);
    await page.getByRole('heading', { name: 'Log In' }).waitFor();
    await login.logIn(c.email, c.password);
    await page.waitForURL(/\/join\//);
    await page.getByRole('button', { name: 'Join the family' }).click();
    await page.waitForURL(/\/inventory$/);
    await page.getByTestId('household-notice').filter({ hasText: /You joined/ }).waitFor();
    await page.goto('/settings');
    await family(page).getByRole('list', { name: 'Members' }).getByText(a.account.username).waitFor();
    await family(a.device.page).getByTestId('member').filter({ hasText: c.username }).waitFor({ timeout: 20_000 });
    await device.context.close();
  });
});
