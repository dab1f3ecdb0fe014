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

  /**
   * Rotates and waits for this rotation's own message. A message from the rotation before may
   * still be showing (5 s), so it is marked first: each message is a new element (keyed by id).
   */
  async rotate(): Promise<void> {
    await this.page.evaluate(() => document.querySelectorAll('[data-testid="flash"]').forEach((el) => el.setAttribute('data-seen', '')));
    const before = await this.frame.getAttribute('data-rotation-id');
    await this.rotateButton.click();
    const message = this.page.locator('[data-testid="flash"]:not([data-seen])');
    await message.waitFor();
    // A rotation that was recorded shows its toys once the local query has caught up.
    if ((await message.getAttribute('class'))?.includes('alert--success')) {
      await this.page.locator('.tr-frame:not([data-rotation-id=""])').and(this.page.locator(`.tr-frame:not([data-rotation-id="${before}"])`)).waitFor();
    }
  }

  get frame(): Locator {
    return this.page.locator('.tr-frame');
  }

  /**
   * The id of the rotation the screen shows, once it shows one: after a navigation the screen
   * paints before its local query has read the rotations, with an empty id for that moment.
   */
  async shownRotationId(): Promise<string> {
    const shown = this.page.locator('.tr-frame:not([data-rotation-id=""])');
    await shown.waitFor();
    return (await shown.getAttribute('data-rotation-id')) ?? '';
  }

  async outTitles(): Promise<string[]> {
    return this.outNow.allTextContents();
  }
}
