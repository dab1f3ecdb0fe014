import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../sync-server/services/rate-limit.js';
import { LoginPage } from './pages/auth-pages.js';
import { InventoryPageModel } from './pages/inventory-page.js';
import { createAccount, type Account, signIn } from './support/accounts.js';
import { clientDir, launchBrowser, newDevice, type Device } from './support/browser.js';
import { startInstances, type Instances } from './support/instances.js';
import { makePng } from './support/png.js';

// Two server instances on one PostgreSQL database and one S3-compatible store, each device of
// one account on its own instance (as behind a load balancer that pins nothing).

let instances: Instances;
let browser: Browser;
let account: Account;
let laptop: Device; // on instance 1
let phone: Device; // on instance 2

async function waitForSynced(page: Page): Promise<void> {
  const status = page.getByTestId('sync-status');
  await expect.poll(() => status.getAttribute('data-state'), { timeout: 20_000 }).toBe('online');
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Synced/);
}

async function photoWidth(page: Page, title: string): Promise<number | null> {
  return page.locator('img.tr-card__photo').evaluateAll(async (images: HTMLImageElement[], wanted) => {
    const image = images.find((img) => img.closest('button')?.querySelector('.tr-card__title')?.textContent === wanted);
    if (!image) return null;
    await image.decode().catch(() => undefined);
    return image.naturalWidth;
  }, title);
}

/** The media id of a toy's photo, as the REST API of `base` lists it (spec: cloudinaryId). */
async function mediaIdOf(base: string, title: string): Promise<string> {
  const res = await fetch(`${base}/api/private/getusertoys`, { headers: { authorization: `Bearer ${account.token}` } });
  const toys = (await res.json()) as { title: string; cloudinaryId: string }[];
  const id = toys.find((toy) => toy.title === title)?.cloudinaryId;
  if (!id) throw new Error(`no photo for ${title} in ${JSON.stringify(toys)}`);
  return id;
}

const sorted = (titles: string[]) => [...titles].sort();

beforeAll(async () => {
  instances = await startInstances(2, clientDir());
  browser = await launchBrowser();
  account = await createAccount('scale', instances.urls[0]);
  laptop = await newDevice(browser, 'desktop', { baseUrl: instances.urls[0] });
  phone = await newDevice(browser, 'phone', { baseUrl: instances.urls[1] });
});

afterAll(async () => {
  await browser?.close();
  await instances?.close();
});

describe('two server instances', () => {
  it('show a live edit made through one on a device of the other, photo included', { timeout: 90_000 }, async () => {
    await signIn(laptop.page, account, '/inventory');
    await signIn(phone.page, account, '/inventory');
    const onLaptop = new InventoryPageModel(laptop.page);
    const onPhone = new InventoryPageModel(phone.page);
    await onLaptop.goto();
    await onPhone.goto();
    await waitForSynced(phone.page);

    // The phone only listens (its stream is on instance 2); the toy is added through instance 1.
    await onLaptop.addToyAndWait({ title: 'Ball', photo: makePng(500, 500, [200, 40, 40]) });
    await expect.poll(() => onPhone.cardTitles(), { timeout: 20_000 }).toEqual(['Ball']);
    // The photo went to S3 through instance 1 (the laptop uploads it after the toy syncs) and is
    // served by instance 2. (A device that renders the toy before the upload lands shows the
    // broken image until it reloads: the client does not retry a failed <img>, on one instance too.)
    const mediaId = await mediaIdOf(instances.urls[1]!, 'Ball');
    await expect.poll(async () => (await fetch(`${instances.urls[1]}/api/media/${mediaId}`)).status, { timeout: 20_000 }).toBe(200);
    const viaTwo = await fetch(`${instances.urls[1]}/api/media/${mediaId}`);
    expect(viaTwo.headers.get('content-type')).toBe('image/jpeg');
    await phone.page.reload();
    await onPhone.goto();
    await expect.poll(() => photoWidth(phone.page, 'Ball'), { timeout: 20_000 }).toBe(500);
  });

  it('converge after both devices edited offline', { timeout: 90_000 }, async () => {
    const onLaptop = new InventoryPageModel(laptop.page);
    const onPhone = new InventoryPageModel(phone.page);
    await laptop.context.setOffline(true);
    await phone.context.setOffline(true);

    await onLaptop.addToy({ title: 'Car' });
    await onLaptop.card('Car').waitFor();
    await onPhone.addToy({ title: 'Kite' });
    await onPhone.card('Kite').waitFor();
    const detail = await onPhone.openToy('Ball');
    await detail.getByRole('button', { name: 'Edit' }).click();
    await detail.getByLabel('Title').fill('Red ball');
    await detail.getByRole('button', { name: 'Submit' }).click();
    await detail.getByRole('heading', { name: 'Red ball' }).waitFor();
    await onPhone.closeDialog();

    await laptop.context.setOffline(false);
    await phone.context.setOffline(false);
    const everything = ['Car', 'Kite', 'Red ball'];
    await expect.poll(async () => sorted(await onLaptop.cardTitles()), { timeout: 30_000 }).toEqual(everything);
    await expect.poll(async () => sorted(await onPhone.cardTitles()), { timeout: 30_000 }).toEqual(everything);
    await waitForSynced(laptop.page);
    await waitForSynced(phone.page);
  });

  it('throttle a login on one instance after failures on the other', { timeout: 60_000 }, async () => {
    const target = await createAccount('throttled', instances.urls[1]);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${instances.urls[0]}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: target.email, password: `wrong-${i}` }),
      });
      expect(res.status).toBe(401);
    }
    const device = await newDevice(browser, 'desktop', { baseUrl: instances.urls[1] });
    const login = new LoginPage(device.page);
    await login.open();
    await login.logIn(target.email, target.password); // the right password, but too late
    await expect.poll(() => login.banner.textContent(), { timeout: 15_000 }).toContain(TOO_MANY_ATTEMPTS);
    await device.context.close();
  });
});
