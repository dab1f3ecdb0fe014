import type { Locator, Page } from 'playwright-core';

// Page model of /settings.

export class SettingsPageModel {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/settings');
    await this.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await this.section('Categories').getByRole('list', { name: 'Categories' }).waitFor();
  }

  section(name: 'Rotation' | 'Categories' | 'Collections' | 'Storage on this device' | 'Delete account'): Locator {
    return this.page.getByRole('region', { name });
  }

  get flash(): Locator {
    return this.page.getByTestId('flash');
  }

  listItems(kind: 'Categories' | 'Collections'): Locator {
    return this.section(kind).getByRole('list', { name: kind }).getByRole('listitem');
  }

  async names(kind: 'Categories' | 'Collections'): Promise<string[]> {
    return this.section(kind).locator('.tr-lists__name').allTextContents();
  }

  async addList(kind: 'category' | 'collection', name: string): Promise<void> {
    const section = this.section(kind === 'category' ? 'Categories' : 'Collections');
    await section.getByLabel(`New ${kind} name`).fill(name);
    await section.getByRole('button', { name: `Add ${kind}` }).click();
  }

  async addCategoryAndWait(name: string): Promise<void> {
    await this.addList('category', name);
    await this.section('Categories').locator('.tr-lists__name', { hasText: name }).waitFor();
  }

  async rename(kind: 'Categories' | 'Collections', from: string, to: string): Promise<void> {
    const section = this.section(kind);
    await section.getByRole('button', { name: `Rename ${from}` }).click();
    await section.getByLabel(`New name for ${from}`).fill(to);
    await section.getByRole('button', { name: `Save name for ${from}` }).click();
  }

  async remove(kind: 'Categories' | 'Collections', name: string): Promise<void> {
    const section = this.section(kind);
    await section.getByRole('button', { name: `Delete ${name}` }).click();
    await section.getByRole('group', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  }

  get rotationCount(): Locator {
    return this.section('Rotation').getByLabel('Toys per rotation');
  }

  async setRotationCount(value: number): Promise<void> {
    await this.rotationCount.fill(String(value));
    await this.section('Rotation').getByRole('button', { name: 'Save' }).click();
  }
}
