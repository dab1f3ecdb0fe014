import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, type Account } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';
import { makePng } from './support/png.js';

// Languages (issue 24): chosen from the browser at first, changed on a public page or in
// Settings, kept on the device, synced to the person's other devices through the server, and
// changed offline too. German's long words must not push a phone's screen sideways.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function serverLanguage(account: Account): Promise<unknown> {
  const me = (await (await fetch(`${baseUrl()}/api/auth/me`, { headers: { authorization: `Bearer ${account.token}` } })).json()) as { language?: unknown };
  return me.language;
}

const heading = (device: Device) => device.page.locator('h1').first().textContent();

/** The language menu, once React owns it (a prerendered page is hydrated in a transition). */
async function languageMenu(page: Page, name: string) {
  const menu = page.getByRole('combobox', { name });
  await menu.waitFor();
  await expect.poll(() => menu.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
  return menu;
}

describe('languages', () => {
  it("shows a first visit in the browser's language, and an English browser the prerendered English page", async () => {
    const german = await newDevice(browser, 'phone', { locale: 'de-DE' });
    await german.page.goto('/login');
    await expect.poll(() => heading(german)).toBe('Anmelden');
    expect(await german.page.locator('html').getAttribute('lang')).toBe('de');
    await expect.poll(() => german.page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    await german.context.close();

    const english = await newDevice(browser, 'phone');
    await english.page.goto('/frontpage');
    await expect.poll(() => english.page.getByRole('link', { name: 'Start for free' }).count()).toBe(1);
    expect(english.errors).toEqual([]);
    await english.context.close();
  });

  it('switches on a public page, keeps the choice after a reload, and switches offline too', async () => {
    const device = await newDevice(browser, 'phone');
    const { page, context } = device;
    const where: string[] = [];
    page.on('pageerror', (error) => where.push(`${page.url()} ${error.message.slice(0, 40)}`));
    await page.goto('/login');
    await expect.poll(() => heading(device)).toBe('Log In');
    await (await languageMenu(page, 'Language')).selectOption('es');
    await expect.poll(() => heading(device)).toBe('Iniciar sesión');
    expect(await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).count()).toBe(1);
    await page.reload();
    await expect.poll(() => heading(device)).toBe('Iniciar sesión');

    // Offline, once the service worker has the app: another language still comes up.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await (await languageMenu(page, 'Idioma')).selectOption('fr');
    await expect.poll(() => heading(device)).toBe('Connexion');
    await page.goto('/register');
    await expect.poll(() => heading(device)).toBe('Créer un compte');
    await context.setOffline(false);
    expect(where).toEqual([]);
    expect(device.errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });

  it("changes in Settings, is kept for the person and comes up on their other device; an offline change is sent when back online", { timeout: 120_000 }, async () => {
    const account = await createAccount('language');
    const phone = await newDevice(browser, 'phone');
    await signIn(phone.page, account, '/settings');
    await (await languageMenu(phone.page, 'Language')).selectOption('de');
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Sprache' }).count()).toBe(1);
    await expect.poll(() => serverLanguage(account)).toBe('de');

    const laptop = await newDevice(browser, 'desktop');
    await signIn(laptop.page, account, '/settings');
    await expect.poll(() => laptop.page.getByRole('combobox', { name: 'Sprache' }).inputValue()).toBe('de');
    expect(await laptop.page.locator('html').getAttribute('lang')).toBe('de');

    // Offline on the phone: shown at once, sent when the network is back, then seen by the laptop.
    // Only once the app says it is ready offline are the other languages' chunks surely cached.
    await phone.page.getByTestId('offline-ready').waitFor({ timeout: 60_000 });
    await phone.context.setOffline(true);
    await (await languageMenu(phone.page, 'Sprache')).selectOption('fr');
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Langue' }).count()).toBe(1);
    expect(await serverLanguage(account)).toBe('de');
    await phone.context.setOffline(false);
    await expect.poll(() => serverLanguage(account)).toBe('fr');
    await laptop.page.reload();
    await expect.poll(() => laptop.page.getByRole('combobox', { name: 'Langue' }).inputValue()).toBe('fr');
    await phone.context.close();
    await laptop.context.close();
  });

  it('fits a 390 px phone in German on every converted public page', async () => {
    const device = await newDevice(browser, 'phone', { locale: 'de-DE' });
    const pages = ['/frontpage', '/login', '/register', '/forgotpassword', '/resetpassword/token', '/RecoverPassword', '/paymentsuccess', '/paymentcanceled', '/no-such-page'];
    const overflowing: string[] = [];
    for (const path of pages) {
      await device.page.goto(path);
      await expect.poll(() => device.page.locator('html').getAttribute('lang')).toBe('de');
      await device.page.locator('main#main :is(h1, h2)').first().waitFor();
      const width = await device.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (width > 0) overflowing.push(`${path}: ${width}px`);
    }
    await device.page.goto('/frontpage');
    await saveScreenshot(device.page, 'frontpage-de', 'phone');
    await device.page.goto('/register');
    await saveScreenshot(device.page, 'register-de', 'phone');
    expect(overflowing).toEqual([]);
    await device.context.close();
  });

  it('fits a 390 px phone in German on the converted app screens, legal pages, pricing and the join page', { timeout: 150_000 }, async () => {
    const account = await createAccount('deutsch');
    const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const photo = `data:image/png;base64,${makePng(64, 64).toString('base64')}`;
    for (const title of ['Holzeisenbahn mit Tunnel', 'Kuscheltier', 'Bauklötze']) await call('/api/private/addToy', { method: 'POST', body: { data: photo, title } });
    await call('/api/private/pickRandomToys'); // a rotation, so History has an entry and a chart
    const invite = (await call('/api/household/invites', { method: 'POST', body: {} })) as { url: string };

    const device = await newDevice(browser, 'phone', { locale: 'de-DE' });
    const { page } = device;
    const overflowing: string[] = [];
    const fits = async (what: string) => {
      const width = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (width > 0) overflowing.push(`${what}: ${width}px`);
    };

    // Signed out: the legal pages, contact forms, pricing and an invite.
    for (const [path, title] of [
      ['/terms', 'Nutzungsbedingungen'],
      ['/privacy', 'Datenschutzerklärung'],
      ['/contactus', 'Kontakt'],
      ['/deletionform', 'Löschanfrage'],
      ['/pricingnoauth', 'Tarife und Preise'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await fits(path);
    }
    await page.getByRole('listitem', { name: 'Tarif Premium' }).getByText('Bis zu 500 Spielsachen').waitFor();
    await page.goto(new URL(invite.url).pathname);
    await page.getByTestId('join-invited-by').filter({ hasText: `${account.username} hat dich eingeladen` }).waitFor();
    await fits('join, signed out');
    await saveScreenshot(page, 'join-de', 'phone');
    await fits('join-de'); // again as photographed: the sync status may have changed meanwhile

    // Signed in: the top bar, the menu, Home, Collections (a collection open, toys being added), History, Pricing.
    await signIn(page, account, '/');
    await page.getByRole('heading', { level: 1, name: `Hallo, ${account.username}!` }).waitFor();
    await page.getByTestId('home-summary').filter({ hasText: 'Du hast 3 Spielsachen in deinem Inventar.' }).waitFor();
    await page.getByTestId('sync-status').filter({ hasText: 'Synchronisiert' }).waitFor({ timeout: 30_000 });
    await fits('/');
    await saveScreenshot(page, 'home-de', 'phone');
    await fits('home-de'); // again as photographed: the sync status may have changed meanwhile
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Sammlungen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
    await page.getByRole('textbox', { name: 'Name der neuen Sammlung' }).fill('Regentagsspielzeugkiste');
    await page.getByRole('button', { name: 'Sammlung hinzufügen' }).click();
    await page.getByText('Sammlung Regentagsspielzeugkiste hinzugefügt').waitFor();
    await fits('/baskets');
    await page.getByRole('button', { name: /Regentagsspielzeugkiste/ }).click();
    await page.getByText('Diese Sammlung ist leer').waitFor();
    await page.getByRole('button', { name: 'Spielsachen zu Regentagsspielzeugkiste hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Spielsachen zu Regentagsspielzeugkiste hinzufügen' });
    await dialog.getByText('Hake die Spielsachen an, die dazukommen sollen').waitFor();
    await fits('/baskets, adding toys');
    await saveScreenshot(page, 'collections-add-de', 'phone');
    await fits('collections-add-de'); // again as photographed: the sync status may have changed meanwhile
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByRole('button', { name: 'Auswahl hinzufügen' }).click();
    await page.getByText(/^1 Spielzeug zu Regentagsspielzeugkiste hinzugefügt$/).waitFor();
    await page.goto('/history');
    await page.getByRole('heading', { level: 2, name: 'Bisherige Rotationen' }).waitFor();
    await fits('/history');
    await saveScreenshot(page, 'history-de', 'phone');
    await fits('history-de'); // again as photographed: the sync status may have changed meanwhile
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Tarife und Preise' }).waitFor();
    await fits('/pricing');

    // The window title (a printed page's header) and the manifest an install reads are German too.
    expect(await page.title()).toBe('Toy Rotation – Spielzeugrotation leicht gemacht');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest?lang=de');
    const manifest = (await (await page.request.get('/manifest.webmanifest?lang=de')).json()) as { lang: string; shortcuts: { name: string }[] };
    expect(manifest.lang).toBe('de');
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toEqual(['Rotieren', 'Spielsachen hinzufügen']);
    expect(overflowing).toEqual([]);
    expect(device.errors).toEqual([]);
    await device.context.close();
  });
});
