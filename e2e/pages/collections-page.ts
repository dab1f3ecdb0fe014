import type { Locator, Page } from 'playwright-core';

// Page model of /baskets (Collections).

export class CollectionsPageModel {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/baskets');
    await this.page.getByRole('heading', { name: 'Collections', level: 1 }).waitFor();
    await this.page.getByLabel('New collection name').waitFor();
  }

  get flash(): Locator {
    return this.page.getByTestId('flash');
  }

  card(name: string): Locator {
    return this.page.getByRole('list', { name: 'Collections' }).getByRole('button', { name: new RegExp(`^${name}\\b`) });
  }

  async create(name: string): Promise<void> {
    await this.page.getByLabel('New collection name').fill(name);
    await this.page.getByRole('button', { name: 'Add collection' }).click();
  }

  async open(name: string): Promise<void> {
    await this.card(name).click();
    await this.page.getByRole('heading', { name, level: 2 }).waitFor();
  }

  members(name: string): Locator {
    return this.page.getByRole('list', { name: `Toys in ${name}` }).locator('.tr-members__title');
  }

  async addToys(collection: string, titles: string[], search?: string): Promise<void> {
    await this.page.getByRole('button', { name: `Add toys to ${collection}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Add toys to ${collection}` });
    if (search !== undefined) await dialog.getByLabel('Search toys').fill(search);
    for (const title of titles) await dialog.getByLabel(title).check();
    await dialog.getByRole('button', { name: 'Add selected' }).click();
  }

  async remove(collection: string, title: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${title} from ${collection}` }).click();
  }
}
