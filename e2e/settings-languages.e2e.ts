import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts.js';
import { launchBrowser, newDevice } from './support/browser.js';
import { saveScreenshot } from './support/screenshots.js';

// Settings in other languages (issue 24): every section's words come in the chosen language,
// and German's long words (French and Spanish too) do not push a 390 px phone's screen
// sideways, with the widest states open (a new invite's link, QR code and buttons; the delete
// confirmation; an age suggestion).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What sticks out to the right of the window: the page itself, or any element on it. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const extra = document.documentElement.scrollWidth - window.innerWidth;
    if (extra > 0) found.push(`page: ${extra}px`);
    for (const element of document.querySelectorAll<HTMLElement>('main *')) {
      const box = element.getBoundingClientRect();
      // Words only a screen reader reads (clipped to 1 px on purpose) take no room on the screen.
      if (box.width === 0 || getComputedStyle(element).visibility === 'hidden' || element.closest('.visually-hidden')) continue;
      if (box.right > window.innerWidth + 0.5) found.push(`${element.tagName.toLowerCase()}.${element.className}: "${(element.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(box.right)}px`);
      // A button or label whose words are cut off inside it.
      if (element.matches('button, label, .btn') && element.scrollWidth > element.clientWidth + 1) found.push(`${element.tagName.toLowerCase()}: "${(element.textContent ?? '').trim().slice(0, 40)}" is cut off`);
    }
    return found;
  });
}

/**
 * Opens Settings on a new account's phone in `locale`, with its widest parts open: the age
 * suggestion (a birth year), a new invite's link, QR code and buttons, the delete confirmation.
 * By structure, not by words, so it works in every language.
 */
async function settingsOpenWide(locale: string) {
  const account = await createAccount('einstellungen');
  const phone = await newDevice(browser, 'phone', { locale });
  const { page } = phone;
  await signIn(page, account, '/settings');
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale.slice(0, 2));
  await page.getByTestId('household-name').waitFor();
  const firstChild = page.locator('form.tr-child').first();
  await firstChild.locator('input[name="birthYear"]').fill(String(new Date().getFullYear() - 3));
  await firstChild.locator('button[type="submit"]').click();
  await page.getByTestId('age-suggestion').waitFor();
  await page.locator('.tr-family__invite-form button[type="submit"]').click();
  await page.getByTestId('invite-share').waitFor();
  await page.locator('.tr-delete button').first().click();
  await page.locator('.tr-delete__confirm input[type="checkbox"]').waitFor();
  return { account, phone, page };
}

describe('settings in German, French and Spanish', () => {
  it('speaks German throughout and fits a 390 px phone with its widest parts open', { timeout: 120_000 }, async () => {
    const { account, phone, page } = await settingsOpenWide('de-DE');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Einstellungen');
    await page.getByTestId('age-suggestion').getByText('Empfohlen für das Alter von deinem Kind').waitFor();
    expect(await page.locator('form.tr-child').first().getByLabel('Geburtsmonat').locator('option').allTextContents()).toContain('Januar');
    await page.getByTestId('invite-share').getByText(/Gültig bis .+; er funktioniert einmal\./).waitFor();
    await page.getByLabel('Ja, mein Konto und alle seine Daten löschen').waitFor();

    for (const heading of ['Rotation', 'Kinder', 'Familie', 'Sprache', 'Kategorien', 'Sammlungen', 'Deine Daten', 'Darstellung', 'Speicher auf diesem Gerät', 'Konto löschen']) {
      expect(await page.getByRole('heading', { name: heading, exact: true, level: 2 }).count(), heading).toBe(1);
    }
    expect(await page.getByLabel('Spielzeuge pro Rotation').count()).toBe(1);
    // Not a word of the English screen is left in the converted sections.
    const text = await page.locator('main').innerText();
    for (const english of ['Toys per rotation', 'Invite someone', 'Delete account', 'Add a child', 'Export my data', 'How toys are picked', 'Storage used', 'Family name', 'Categories', 'Your child', 'Uncategorized']) {
      expect(text, english).not.toContain(english);
    }

    expect(await overflow(page)).toEqual([]);
    await saveScreenshot(page, 'settings-de', 'phone');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, 'settings-de-dark', 'phone');
    expect(await overflow(page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    const laptop = await newDevice(browser, 'desktop', { locale: 'de-DE' });
    await signIn(laptop.page, account, '/settings');
    await expect.poll(() => laptop.page.locator('h1').first().textContent()).toBe('Einstellungen');
    await laptop.page.getByTestId('household-name').waitFor();
    expect(await overflow(laptop.page)).toEqual([]);
    await saveScreenshot(laptop.page, 'settings-de', 'desktop');
    await laptop.context.close();
  });

  it("says an import's refusals, row problems and preview in German, and they fit a 390 px phone", { timeout: 120_000 }, async () => {
    const account = await createAccount('datenimport');
    const phone = await newDevice(browser, 'phone', { locale: 'de-DE' });
    const { page } = phone;
    await signIn(page, account, '/settings');
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Einstellungen');
    const pick = (name: string, text: string) => page.locator('#your-data-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });

    // A file that cannot be imported at all.
    await pick('Spielzeugliste-Kinderzimmer-Herbst.csv', 'Name,Kategorie\nBall,Draußen\n');
    await page.getByRole('alert').getByText('Spielzeugliste-Kinderzimmer-Herbst.csv hat keine Spalte „Title“.', { exact: false }).waitFor();
    expect(await overflow(page)).toEqual([]);

    // Rows with problems, in the preview.
    await pick('spielzeuge.csv', 'Title,Kept,Created\nBall,vielleicht,\nZug,,gestern\nDrachen,,\n');
    const problems = page.getByRole('list', { name: 'Probleme' });
    await problems.getByText('Kept muss yes oder no sein, nicht „vielleicht“.').waitFor();
    await problems.getByText('„gestern“ ist kein Datum (nutze 2026-01-31).').waitFor();
    const text = await page.locator('main').innerText();
    for (const english of ['must be yes or no', 'is not a date', 'has no "Title" column']) expect(text, english).not.toContain(english);
    expect(await overflow(page)).toEqual([]);
    await saveScreenshot(page, 'settings-import-de', 'phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it.each([
    ['fr-FR', 'Réglages'],
    ['es-ES', 'Ajustes'],
  ])('fits a 390 px phone in %s too, with its widest parts open', { timeout: 120_000 }, async (locale, title) => {
    const { phone, page } = await settingsOpenWide(locale);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
    expect(await overflow(page)).toEqual([]);
    await saveScreenshot(page, `settings-${locale.slice(0, 2)}`, 'phone');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });
});
