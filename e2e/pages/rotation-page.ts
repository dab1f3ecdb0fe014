import type { Locator, Page } from 'playwright-core';

// Page model of /rotation.

export class RotationPageModel {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/rotation');
    await this.page.getByRole('heading', { name: 'Rotation', level: 1 }).waitFor();
    await this.rotateButton.and(this.page.locator(':enabled')).waitFor();
  }

  get rotateButton(): Locator {
    return this.page.getByRole('button', { name: /^Rotat/ });
  }

  get lastDate(): Locator {
    return this.page.getByTestId('last-rotation-date');
  }

  get flash(): Locator {
    return this.page.getByTestId('flash');
  }

  get outNow(): Locator {
    return this.page.locator('.tr-rotated__title');
  }

  async rotate(): Promise<void> {
    await this.rotateButton.click();
    await this.flash.waitFor();
  }

  async outTitles(): Promise<string[]> {
    return this.outNow.allTextContents();
  }
}
