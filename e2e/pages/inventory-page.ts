import type { Locator, Page } from 'playwright-core';

import { makePng } from '../support/png.js';

// Page model of /inventory.

export type NewToy = { title: string; category?: string; notes?: string; place?: string; photo?: Buffer | null };

export class InventoryPageModel {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/inventory');
    await this.page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await this.page.getByRole('list', { name: 'Toys' }).or(this.page.getByText('No toys yet')).waitFor();
  }

  get count(): Locator {
    return this.page.locator('.tr-count');
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  get flash(): Locator {
    return this.page.getByTestId('flash');
  }

  gallery(): Locator {
    return this.page.getByRole('list', { name: 'Toys' });
  }

  card(title: string): Locator {
    return this.gallery().getByRole('button', { name: new RegExp(`^${title}\\b`) });
  }

  async cardTitles(): Promise<string[]> {
    return this.gallery().locator('.tr-card__title').allTextContents();
  }

  /** Fills the add-toy window and saves; leaves the page to the caller's assertions. */
  async addToy(toy: NewToy): Promise<void> {
    await this.page.getByRole('button', { name: 'Add toy' }).first().click();
    await this.fillToyForm(toy);
    await this.dialog.getByRole('button', { name: 'Save toy' }).click();
  }

  async fillToyForm(toy: NewToy): Promise<void> {
    const dialog = this.dialog;
    if (toy.photo !== null) {
      await dialog.getByLabel('Choose from library').setInputFiles({ name: `${toy.title}.png`, mimeType: 'image/png', buffer: toy.photo ?? makePng() });
      await dialog.getByRole('img', { name: 'Newly chosen, not saved yet' }).waitFor();
    }
    await dialog.getByLabel('Title').fill(toy.title);
    if (toy.category) await dialog.getByLabel('Category').selectOption({ label: toy.category });
    if (toy.notes !== undefined) await dialog.getByLabel('Notes').fill(toy.notes);
    if (toy.place !== undefined) await dialog.getByLabel('Storage place').fill(toy.place);
  }

  /** Adds a toy and waits for its message (offline it says the photo uploads later). */
  async addToyAndWait(toy: NewToy, message = 'Image uploaded successfully'): Promise<void> {
    await this.addToy(toy);
    await this.flash.filter({ hasText: message }).waitFor();
    await this.card(toy.title).waitFor();
  }

  async search(text: string): Promise<void> {
    await this.page.getByLabel('Search toys by title').fill(text);
  }

  async openFilter(): Promise<Locator> {
    const button = this.page.getByRole('button', { name: 'Filter', exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return this.page.getByRole('region', { name: 'Filter toys' });
  }

  async openSort(): Promise<Locator> {
    const button = this.page.getByRole('button', { name: 'Sort', exact: true });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    return this.page.getByRole('region', { name: 'Sort toys' });
  }

  async openToy(title: string): Promise<Locator> {
    await this.card(title).click();
    await this.dialog.getByRole('heading', { name: title }).waitFor();
    return this.dialog;
  }

  async closeDialog(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** Turns on one of a toy's rotation switches in its detail window, then closes it. */
  async switchOn(title: string, name: 'Kept in rotation' | 'Excluded from rotation'): Promise<void> {
    const detail = await this.openToy(title);
    await detail.locator('label', { hasText: name }).click();
    await detail.getByRole('switch', { name, checked: true }).waitFor({ state: 'attached' });
    await this.closeDialog();
  }
}
