import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsPageModel } from './pages/settings-page.js';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { pushed, toyDoc } from './support/pushed.js';

// A parent signs in on a new phone and names the first child at once, while the phone's first
// sync still runs: the name must survive the first pull and a reload, and the household's
// other settings (set on another device) must stay the server's.

let browser: Browser;
const devices: Device[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const device of devices) await device.context.close();
  await browser?.close();
});

async function serverSettings(account: Account): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/api/sync/settings/pull`, { headers: { authorization: `Bearer ${account.token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { documents: Record<string, unknown>[] };
  return body.documents.find((doc) => doc.id === account.userId)!;
}

/** Another device changed the settings: a push on the state it pulled. */
async function settingsChangedElsewhere(account: Account, change: Record<string, unknown>): Promise<void> {
  const current = await serverSettings(account);
  const response = await fetch(`${baseUrl()}/api/sync/settings/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify([{ newDocumentState: { ...current, ...change }, assumedMasterState: current }]),
  });
  expect(response.status).toBe(200);
}

describe('naming the first child during the first sync', () => {
  it('keeps the name after the first pull and a reload; the toys per rotation set elsewhere stay', async () => {
    const account = await createAccount('firstsync-edit');
    const start = Date.now() - 100_000;
    await pushed(account, 'toys', Array.from({ length: 6 }, (_, i) => toyDoc({ id: `firstsync-edit-toy-${i}`, title: `Toy ${i + 1}`, createdAt: start + i })));
    await settingsChangedElsewhere(account, { rotationToysNumber: 3 });

    const device = await newDevice(browser, 'phone');
    devices.push(device);
    const { page } = device;
    // The first settings pull is held until the name is saved: the first sync is still running.
    let nameSaved!: () => void;
    const saved = new Promise<void>((resolve) => (nameSaved = resolve));
    await page.route('**/api/sync/settings/pull**', async (route) => {
      await saved;
      await route.continue();
    });
    await signIn(page, account, '/settings');
    const child = page.getByRole('form', { name: 'Your child' });
    await child.getByLabel('Name').fill('Mia');
    await child.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Mia' }).waitFor();
    expect(await page.getByTestId('sync-status').textContent()).not.toContain('Synced');
    nameSaved();

    await expect.poll(() => page.getByTestId('sync-status').textContent(), { timeout: 30_000 }).toContain('Synced');
    await expect.poll(async () => (await serverSettings(account)).firstChildName).toBe('Mia');
    expect(await serverSettings(account)).toMatchObject({ rotationToysNumber: 3 });
    await page.reload();
    await page.getByRole('form', { name: 'Mia' }).waitFor();
    expect(await page.getByRole('form', { name: 'Your child' }).count()).toBe(0);
    await expect.poll(() => new SettingsPageModel(page).rotationCount.inputValue()).toBe('3');
  }, 120_000);
});
