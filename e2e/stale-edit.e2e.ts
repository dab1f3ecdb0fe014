import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { serverSettings, serverToys, waitForSynced } from './support/server-state.js';
import type { RestChild } from '../shared/schemas/rest.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { SettingsPageModel } from './pages/settings-page.js';

// Issue 9, fault 1: an edit form open on one device must not overwrite, with the values it
// opened with, what another device changed meanwhile. A save writes only the changed fields.

let browser: Browser;
let account: Account;
let a: Device;
let b: Device;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('stale');
  a = await newDevice(browser, 'desktop');
  b = await newDevice(browser, 'desktop');
  await signIn(a.page, account, '/inventory');
  await signIn(b.page, account, '/inventory');
});

afterAll(async () => {
  await browser?.close();
});

async function serverChildren(token: string): Promise<RestChild[]> {
  const response = await fetch(`${baseUrl()}/api/private/getChildren`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`getChildren: ${response.status} ${await response.text()}`);
  return (await response.json()) as RestChild[];
}

describe('a stale edit form', () => {
  it('keeps the notes another device wrote while this one edited only the title', async () => {
    const onA = new InventoryPageModel(a.page);
    const onB = new InventoryPageModel(b.page);
    await onA.goto();
    await onA.addToy({ title: 'Ball', notes: 'old notes' });
    await onA.card('Ball').waitFor();
    await waitForSynced(a.page);
    await onB.goto();
    await onB.card('Ball').waitFor();

    const formOnA = await onA.openToy('Ball');
    await formOnA.getByRole('button', { name: 'Edit' }).click();
    const formOnB = await onB.openToy('Ball');
    await formOnB.getByRole('button', { name: 'Edit' }).click();
    await formOnB.getByLabel('Notes').fill('notes from B');
    await formOnB.getByRole('button', { name: 'Submit' }).click();
    await formOnB.getByRole('heading', { name: 'Ball' }).waitFor();

    // A's page receives B's notes: the untouched field shows them.
    await expect.poll(() => formOnA.getByLabel('Notes').inputValue(), { timeout: 20_000 }).toBe('notes from B');
    await formOnA.getByLabel('Title').fill('Red ball');
    await formOnA.getByRole('button', { name: 'Submit' }).click();
    await formOnA.getByRole('heading', { name: 'Red ball' }).waitFor();
    await waitForSynced(a.page);

    const toys = await serverToys(account.token);
    expect(toys.map(({ title, caption }) => ({ title, caption }))).toEqual([{ title: 'Red ball', caption: 'notes from B' }]);
    await onA.closeDialog();
    await onB.closeDialog();
  });

  it('keeps a category rename from another device when this one saves the name it did not change', async () => {
    const onA = new SettingsPageModel(a.page);
    const onB = new SettingsPageModel(b.page);
    await onA.goto();
    await onA.addCategoryAndWait('Blocks');
    await waitForSynced(a.page);
    await onB.goto();
    await onB.section('Categories').locator('.tr-lists__name', { hasText: 'Blocks' }).waitFor();

    await onA.section('Categories').getByRole('button', { name: 'Rename Blocks' }).click();
    await onB.rename('Categories', 'Blocks', 'Bricks');
    await expect.poll(() => onA.section('Categories').getByRole('textbox', { name: /^New name for/ }).inputValue(), { timeout: 20_000 }).toBe('Bricks');
    await onA.section('Categories').getByRole('button', { name: 'Save name for Bricks' }).click();
    await waitForSynced(a.page);
    await waitForSynced(b.page);
    expect((await serverSettings(account.token)).toyTypes).toEqual(['Uncategorized', 'Bricks']);
  });

  it('keeps what the parent typed in the rotation number while another device changes it', async () => {
    const onA = new SettingsPageModel(a.page);
    const onB = new SettingsPageModel(b.page);
    const onAInventory = new InventoryPageModel(a.page);
    await onAInventory.goto();
    for (const title of ['Car', 'Kite', 'Drum']) {
      await onAInventory.addToy({ title });
      await onAInventory.card(title).waitFor();
    }
    await waitForSynced(a.page);
    await onA.goto();
    await onB.goto();
    await onA.rotationCount.fill('3');
    await onB.setRotationCount(2);
    await waitForSynced(b.page);
    await expect.poll(async () => (await serverSettings(account.token)).rotationToysNumber).toBe(2);
    // Give A's page time to receive B's number: it must not replace what A typed.
    await a.page.waitForTimeout(1500);
    expect(await onA.rotationCount.inputValue()).toBe('3');
    await onA.section('Rotation').getByRole('button', { name: 'Save' }).click();
    // The save is written locally after a check of the toy count: wait for it, then for the push.
    await onA.flash.filter({ hasText: 'Rotation number updated: 3 toys per rotation.' }).waitFor();
    await waitForSynced(a.page);
    expect((await serverSettings(account.token)).rotationToysNumber).toBe(3);
  });

  it("keeps a child's new name from another device when this one saves only the birth year", async () => {
    const onA = new SettingsPageModel(a.page);
    const onB = new SettingsPageModel(b.page);
    await onA.goto();
    const add = a.page.getByRole('form', { name: 'Add a child' });
    await add.getByLabel('Name').fill('Mia');
    await add.getByRole('button', { name: 'Add child' }).click();
    await onA.flash.filter({ hasText: 'Mia was added.' }).waitFor();
    await waitForSynced(a.page);
    await onB.goto();
    await b.page.getByRole('form', { name: 'Mia' }).waitFor();

    // A starts typing Mia's birth year; meanwhile B renames her.
    await a.page.getByRole('form', { name: 'Mia' }).getByLabel('Birth year').fill('2021');
    const onBForm = b.page.getByRole('form', { name: 'Mia' });
    await onBForm.getByLabel('Name').fill('Mila');
    await onBForm.getByRole('button', { name: 'Save' }).click();
    await onB.flash.filter({ hasText: 'Saved' }).waitFor();
    await waitForSynced(b.page);

    // A's page receives the new name in the field it did not touch, and keeps the typed year.
    const formOnA = a.page.getByRole('form', { name: 'Mila' });
    await expect.poll(() => formOnA.getByLabel('Name').inputValue(), { timeout: 20_000 }).toBe('Mila');
    expect(await formOnA.getByLabel('Birth year').inputValue()).toBe('2021');
    await formOnA.getByRole('button', { name: 'Save' }).click();
    await onA.flash.filter({ hasText: 'Saved' }).waitFor();
    await waitForSynced(a.page);
    await waitForSynced(b.page);

    const mia = (await serverChildren(account.token)).filter((child) => !child.first);
    expect(mia.map(({ name, birthYear }) => ({ name, birthYear }))).toEqual([{ name: 'Mila', birthYear: 2021 }]);
  });
});
