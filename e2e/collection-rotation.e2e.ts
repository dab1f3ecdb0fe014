import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CollectionsPageModel } from './pages/collections-page.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { seriousViolations } from './support/axe.js';
import { baseUrl, launchBrowser, newDevice, waitForApp, type Device, type ViewportName } from './support/browser.js';
import { pushed, toyDoc } from './support/pushed.js';

// Collections in rotation (decision 047): Rotate draws from every toy (the default) or one
// collection, the Inventory filters by collection, and a collection's page brings the whole
// collection out; offline too, and the server ends up with the same rotation.

const BATH = ['Duck', 'Boat', 'Sponge whale'];
const OTHERS = ['Blocks', 'Drum', 'Puzzle'];
const dir = path.resolve(import.meta.dirname, 'screenshots', 'rotcoll');

let browser: Browser;
let account: Account;
let device: Device;

async function api(pathName: string, init: RequestInit = {}) {
  const res = await fetch(`${baseUrl()}/api/private/${pathName}`, { ...init, headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' } });
  return res.json() as Promise<unknown>;
}

/** The titles of the server's current rotation (what every other device shows). */
async function serverOutNow(): Promise<string[]> {
  return ((await api('getuserrandomtoys')) as { title: string }[]).map((toy) => toy.title).sort();
}

/** The server's rotations, newest first. */
async function serverRotationIds(): Promise<string[]> {
  return ((await api('rotationHistory')) as { id: string }[]).map((rotation) => rotation.id);
}

beforeAll(async () => {
  browser = await launchBrowser();
  account = await createAccount('rotcoll');
  const start = Date.now() - 100_000;
  await pushed(account, 'lists', [
    { id: 'col-bath', kind: 'collection', name: 'Bath time', position: 1, createdAt: start, _deleted: false },
    { id: 'col-cars', kind: 'collection', name: 'Cars', position: 2, createdAt: start, _deleted: false },
  ]);
  await pushed(account, 'toys', [
    { ...toyDoc({ id: 'kept', title: 'Teddy', createdAt: start, favorite: true }) },
    ...BATH.map((title, i) => ({ ...toyDoc({ id: `bath${i}`, title, createdAt: start + 1 + i }), collectionIds: ['col-bath'] })),
    { ...toyDoc({ id: 'bathx', title: 'Broken tap', createdAt: start + 5, excluded: true }), collectionIds: ['col-bath'] },
    ...OTHERS.map((title, i) => toyDoc({ id: `other${i}`, title, createdAt: start + 10 + i })),
  ]);
  await api('updateToyRotationNumber', { method: 'PUT', body: JSON.stringify({ rotationToysNumber: 1 }) });
  device = await newDevice(browser, 'desktop');
  await signIn(device.page, account, '/rotation');
});

afterAll(async () => {
  await browser?.close();
});

describe('rotating from a collection', () => {
  it('draws from all toys by default and from the chosen collection after; the choice stays after a reload', async () => {
    const rotation = new RotationPageModel(device.page);
    await rotation.goto();
    const drawFrom = device.page.getByLabel('Draw from');
    await expect.poll(() => drawFrom.locator('option:checked').textContent()).toBe('All toys');
    expect(await drawFrom.locator('option').allTextContents()).toEqual(['All toys', 'Bath time', 'Cars']);
    // The collections may come down before the toys: rotate once the first sync is done.
    await expect.poll(() => device.page.getByTestId('sync-status').textContent()).toContain('Synced');
    await rotation.rotate();
    expect(await rotation.flash.textContent()).toContain('Toys rotated: 2 toys are out now.');

    await drawFrom.selectOption({ label: 'Bath time' });
    for (let round = 0; round < 3; round++) {
      await rotation.rotate();
      const out = await rotation.outTitles();
      expect(out[0]).toBe('Teddy');
      expect(out).toHaveLength(2);
      expect(BATH).toContain(out[1]);
    }
    await device.page.reload();
    await rotation.goto();
    await expect.poll(() => drawFrom.locator('option:checked').textContent()).toBe('Bath time');
    // The screen's list fills in once the reloaded page has read the database: compare both each time.
    await expect.poll(async () => {
      const [screen, server] = [(await rotation.outTitles()).sort(), await serverOutNow()];
      return screen.length === 2 && JSON.stringify(screen) === JSON.stringify(server);
    }, { timeout: 15_000 }).toBe(true);
  });

  it('an empty collection says so and changes nothing', async () => {
    const rotation = new RotationPageModel(device.page);
    await rotation.goto();
    // The first test rotated, so the screen has a rotation to show.
    const before = await rotation.shownRotationId();
    await device.page.getByLabel('Draw from').selectOption({ label: 'Cars' });
    await rotation.rotate();
    expect(await rotation.flash.textContent()).toContain('That collection has no toys to bring out');
    expect(await rotation.frame.getAttribute('data-rotation-id')).toBe(before);
  });

  it('offline: a collection draw works and reaches the server once back online', async () => {
    const rotation = new RotationPageModel(device.page);
    await rotation.goto();
    await device.page.getByLabel('Draw from').selectOption({ label: 'Bath time' });
    const before = await serverRotationIds();
    await device.context.setOffline(true);
    await rotation.rotate();
    const id = await rotation.frame.getAttribute('data-rotation-id');
    const out = await rotation.outTitles();
    expect(out[0]).toBe('Teddy');
    expect(BATH).toContain(out[1]);
    expect(before).not.toContain(id);
    await device.context.setOffline(false);
    await expect.poll(async () => (await serverRotationIds())[0], { timeout: 20_000 }).toBe(id);
    expect(await serverOutNow()).toEqual([...out].sort());
  });
});

describe('the Inventory by collection', () => {
  it('shows only the chosen collection’s toys, or the toys in none', async () => {
    const inventory = new InventoryPageModel(device.page);
    await inventory.goto();
    const panel = await inventory.openFilter();
    await panel.getByLabel('In collection').selectOption({ label: 'Bath time' });
    await expect.poll(async () => (await inventory.cardTitles()).sort()).toEqual([...BATH, 'Broken tap'].sort());
    await panel.getByLabel('In collection').selectOption({ label: 'In no collection' });
    await expect.poll(async () => (await inventory.cardTitles()).sort()).toEqual([...OTHERS, 'Teddy'].sort());
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => (await inventory.cardTitles()).length).toBe(8);
  });
});

describe('bringing out a collection', () => {
  it('asks first, saying it replaces the current rotation; Cancel changes nothing; Bring out makes the collection the toys out now', async () => {
    const before = await serverOutNow();
    const collections = new CollectionsPageModel(device.page);
    await collections.goto();
    await collections.open('Bath time');
    await device.page.getByRole('button', { name: 'Bring out this collection' }).click();
    const dialog = device.page.getByRole('dialog', { name: 'Bring out Bath time?' });
    await dialog.getByText('Its 3 toys become the toys out now.').waitFor();
    await dialog.getByText('The 1 kept toy stays out too.').waitFor();
    await dialog.getByText('1 toy excluded from rotation stays away.').waitFor();
    await dialog.getByText('This replaces the current rotation').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await serverOutNow()).toEqual(before);

    // Offline: it happens on the device and reaches the server once back online.
    await device.context.setOffline(true);
    await device.page.getByRole('button', { name: 'Bring out this collection' }).click();
    await dialog.getByRole('button', { name: 'Bring out', exact: true }).click();
    await collections.flash.getByText('Bath time is out: 4 toys are out now.').waitFor();
    const rotation = new RotationPageModel(device.page);
    await device.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rotation' }).click();
    await rotation.rotateButton.waitFor();
    await expect.poll(() => rotation.outTitles()).toEqual(['Teddy', ...BATH]);
    expect(await serverOutNow()).toEqual(before);
    await device.context.setOffline(false);
    await expect.poll(serverOutNow, { timeout: 20_000 }).toEqual(['Teddy', ...BATH].sort());
  });

  it('an empty collection cannot be brought out, and says why', async () => {
    const collections = new CollectionsPageModel(device.page);
    await collections.goto();
    await collections.open('Cars');
    await device.page.getByRole('button', { name: 'Bring out this collection' }).click();
    const dialog = device.page.getByRole('dialog', { name: 'Bring out Cars?' });
    await dialog.getByText('Put toys in this collection').waitFor();
    expect(await dialog.getByRole('button', { name: 'Bring out', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

async function shoot(page: Page, scheme: string, name: string, viewport: ViewportName, found: Record<string, unknown>) {
  fs.mkdirSync(path.join(dir, scheme), { recursive: true });
  await page.waitForTimeout(200);
  const overlay = await page.locator('.modal').count();
  await page.screenshot({ path: path.join(dir, scheme, `${name}-${viewport === 'phone' ? 390 : 1280}.png`), fullPage: overlay === 0, animations: 'disabled' });
  const violations = await seriousViolations(page);
  if (violations.length) found[name] = violations;
}

describe('the changed screens at 390 and 1280 px, light and dark', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`${scheme} at ${viewport === 'phone' ? 390 : 1280} px: axe finds nothing serious`, { timeout: 120_000 }, async () => {
        const found: Record<string, unknown> = {};
        const parent = await newDevice(browser, viewport);
        await parent.page.emulateMedia({ colorScheme: scheme });
        await signIn(parent.page, account, '/rotation');
        await new RotationPageModel(parent.page).goto();
        await shoot(parent.page, scheme, 'rotation-draw-from', viewport, found);
        const inventory = new InventoryPageModel(parent.page);
        await inventory.goto();
        await (await inventory.openFilter()).getByLabel('In collection').selectOption({ label: 'Bath time' });
        await shoot(parent.page, scheme, 'inventory-collection-filter', viewport, found);
        const collections = new CollectionsPageModel(parent.page);
        await collections.goto();
        await collections.open('Bath time');
        await waitForApp(parent.page);
        await shoot(parent.page, scheme, 'collection-bring-out', viewport, found);
        await parent.page.getByRole('button', { name: 'Bring out this collection' }).click();
        await parent.page.getByRole('dialog', { name: 'Bring out Bath time?' }).waitFor();
        await shoot(parent.page, scheme, 'collection-bring-out-confirm', viewport, found);
        await parent.context.close();
        expect(found).toEqual({});
      });
    }
  }
});
