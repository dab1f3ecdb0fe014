import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RestToy } from '../../shared/schemas/rest.js';
import { InventoryPageModel } from '../pages/inventory-page.js';
import { RotationPageModel } from '../pages/rotation-page.js';
import { TopBar } from '../pages/top-bar.js';
import { signIn, type Account } from './accounts.js';
import { newDevice } from './browser.js';
import { makePng } from './png.js';
import type { ModelToy, TrialModel } from './trial-model.js';

type Switch = 'Kept in rotation' | 'Excluded from rotation';

const PHOTO = makePng(80, 60, [90, 140, 200]);

/** One device of a browser trial: a browser context driven through the app's screens. */
export class TrialDevice {
  offline = false;
  private readonly inventory: InventoryPageModel;
  private readonly top: TopBar;

  private constructor(
    readonly name: string,
    private readonly context: BrowserContext,
    readonly page: Page,
    private readonly model: TrialModel,
    private readonly log: string[],
    private readonly consoleTail: ConsoleTail,
  ) {
    this.inventory = new InventoryPageModel(page);
    this.top = new TopBar(page);
  }

  /** Signed in, with the service worker in control so an offline reload still opens the app. */
  static async open(browser: Browser, name: string, account: Account, baseUrl: string, model: TrialModel, log: string[]) {
    const { context, page } = await newDevice(browser, 'desktop', { baseUrl });
    const consoleTail = new ConsoleTail();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning' || message.text().startsWith('[sync]')) consoleTail.push(message.text());
    });
    page.on('pageerror', (error) => consoleTail.push(`pageerror: ${error.message}`));
    await signIn(page, account, '/inventory');
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const device = new TrialDevice(name, context, page, model, log, consoleTail);
    await device.onInventory();
    return device;
  }

  private note(text: string) {
    this.log.push(`${this.name}${this.offline ? ' (offline)' : ''}: ${text}`);
  }

  private async onInventory(): Promise<void> {
    await this.page.getByRole('heading', { name: 'Inventory', level: 1 }).waitFor();
    await this.inventory.gallery().or(this.page.getByText('No toys yet')).waitFor();
  }

  /**
   * A live toy this device shows, chosen by `pick` in [0, 1), with the title shown here. The
   * choice leans hard towards the oldest toys, so the two devices often edit the same toy.
   */
  private async choose(pick: number): Promise<{ toy: ModelToy; shown: string } | null> {
    const shown = (await this.inventory.cardTitles())
      .map((title) => ({ title, toy: this.model.fromTitle(title) }))
      .filter((item): item is { title: string; toy: ModelToy } => Boolean(item.toy))
      .sort((x, y) => x.toy.key - y.toy.key);
    if (shown.length === 0) return null;
    const chosen = shown[Math.floor(pick ** 3 * shown.length)]!;
    return { toy: chosen.toy, shown: chosen.title };
  }

  /** Opens the chosen toy's window; another device's rename may land meanwhile, so choose again then. */
  private async openChosen(pick: number): Promise<{ toy: ModelToy; dialog: Locator } | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const chosen = await this.choose(pick);
      if (!chosen) return null;
      try {
        await this.inventory.card(chosen.shown).click({ timeout: 4000 });
        await this.inventory.dialog.getByRole('button', { name: 'Edit' }).waitFor({ timeout: 4000 });
        return { toy: chosen.toy, dialog: this.inventory.dialog };
      } catch {
        if (await this.inventory.dialog.count()) await this.inventory.closeDialog();
      }
    }
    throw new Error(`${this.name} could not open a toy`);
  }

  async add(title: string, notes: string): Promise<void> {
    this.note(`add ${title}`);
    await this.inventory.addToy({ title, notes, photo: PHOTO });
    await this.inventory.card(title).waitFor();
    await this.inventory.dialog.waitFor({ state: 'detached' });
    this.model.add(title, notes);
  }

  private async edit(pick: number, field: 'Title' | 'Notes', value: string): Promise<ModelToy | null> {
    const opened = await this.openChosen(pick);
    if (!opened) return null;
    this.note(`${field.toLowerCase()} of ${opened.toy.title} -> ${value}`);
    await opened.dialog.getByRole('button', { name: 'Edit' }).click();
    await opened.dialog.getByLabel(field).fill(value);
    await opened.dialog.getByRole('button', { name: 'Submit' }).click();
    await opened.dialog.getByRole('button', { name: 'Edit' }).waitFor();
    await this.inventory.closeDialog();
    return opened.toy;
  }

  /** Opens a toy's edit form and leaves it open (for a stale-form step); null if no toy is shown. */
  async beginEdit(pick: number): Promise<{ toy: ModelToy; dialog: Locator } | null> {
    const opened = await this.openChosen(pick);
    if (!opened) return null;
    this.note(`opens the edit form of ${opened.toy.title}`);
    await opened.dialog.getByRole('button', { name: 'Edit' }).click();
    await opened.dialog.getByLabel('Title').waitFor();
    return opened;
  }

  /** Changes only the title in a form opened earlier, then submits it. */
  async finishTitle(open: { toy: ModelToy; dialog: Locator }, title: string): Promise<void> {
    this.note(`title of ${open.toy.title} -> ${title} (in the form opened earlier)`);
    await open.dialog.getByLabel('Title').fill(title);
    await open.dialog.getByRole('button', { name: 'Submit' }).click();
    await open.dialog.getByRole('button', { name: 'Edit' }).waitFor();
    await this.inventory.closeDialog();
    this.model.rename(open.toy, title);
  }

  /** Edits the notes of one given toy, if this device shows it; answers whether it did. */
  async editNotesOf(toy: ModelToy, notes: string): Promise<boolean> {
    const title = (await this.inventory.cardTitles()).find((shown) => this.model.fromTitle(shown) === toy);
    if (!title) return false;
    this.note(`notes of ${toy.title} -> ${notes}`);
    await this.inventory.card(title).click();
    const dialog = this.inventory.dialog;
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByLabel('Notes').fill(notes);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('button', { name: 'Edit' }).waitFor();
    await this.inventory.closeDialog();
    toy.notes = notes;
    return true;
  }

  async editTitle(pick: number, title: string): Promise<void> {
    const toy = await this.edit(pick, 'Title', title);
    if (toy) this.model.rename(toy, title);
  }

  async editNotes(pick: number, notes: string): Promise<void> {
    const toy = await this.edit(pick, 'Notes', notes);
    if (toy) toy.notes = notes;
  }

  async toggle(pick: number, which: Switch): Promise<void> {
    const opened = await this.openChosen(pick);
    if (!opened) return;
    const control = opened.dialog.getByRole('switch', { name: which });
    const before = await control.isChecked();
    this.note(`${which} of ${opened.toy.title} -> ${!before}`);
    await opened.dialog.locator('label', { hasText: which }).click();
    await expect.poll(() => control.isChecked()).toBe(!before);
    await this.inventory.closeDialog();
  }

  async remove(pick: number): Promise<void> {
    const opened = await this.openChosen(pick);
    if (!opened) return;
    this.note(`delete ${opened.toy.title}`);
    await opened.dialog.getByRole('button', { name: 'Delete' }).click();
    await opened.dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await this.inventory.dialog.waitFor({ state: 'detached' });
    opened.toy.deleted = true;
  }

  async rotate(): Promise<void> {
    this.note('rotate');
    const rotation = new RotationPageModel(this.page);
    await this.top.navigate('Rotation');
    await this.page.getByRole('heading', { name: 'Rotation', level: 1 }).waitFor();
    await rotation.rotate();
    await this.top.navigate('Inventory');
    await this.onInventory();
  }

  async rotationTitles(): Promise<string[]> {
    await this.top.navigate('Rotation');
    await this.page.getByRole('heading', { name: 'Rotation', level: 1 }).waitFor();
    const titles = (await new RotationPageModel(this.page).outTitles()).sort();
    await this.top.navigate('Inventory');
    await this.onInventory();
    return titles;
  }

  async setOffline(offline: boolean): Promise<void> {
    if (offline === this.offline) return;
    this.offline = offline;
    this.note(offline ? 'goes offline' : 'comes online');
    await this.context.setOffline(offline);
  }

  async reload(): Promise<void> {
    this.note('reload');
    await this.page.reload();
    await this.onInventory();
  }

  async waitForTitles(expected: string[]): Promise<void> {
    await expect
      .poll(async () => (await this.inventory.cardTitles()).sort(), { timeout: 20_000, message: `device ${this.name} toy titles` })
      .toEqual(expected);
  }

  /** Each toy's notes and switches as this device shows them equal what the server holds. */
  async expectToys(onServer: RestToy[]): Promise<void> {
    for (const toy of onServer) {
      await this.inventory.card(toy.title).click();
      const dialog = this.inventory.dialog;
      await dialog.getByRole('heading', { name: toy.title }).waitFor();
      const notes = await dialog.locator('.tr-detail__notes').textContent();
      expect(notes, `device ${this.name}: notes of ${toy.title}`).toBe(toy.caption || 'No notes');
      const shown = {
        excluded: await dialog.getByRole('switch', { name: 'Excluded from rotation' }).isChecked(),
        kept: await dialog.getByRole('switch', { name: 'Kept in rotation' }).isChecked(),
      };
      expect(shown, `device ${this.name}: switches of ${toy.title}`).toEqual({ excluded: toy.excludedToy, kept: toy.favoriteToy });
      await this.inventory.closeDialog();
    }
  }

  /** What a failed trial prints of this device: its status line and its last console lines. */
  async diagnosis(): Promise<string> {
    const status = this.page.getByTestId('sync-status');
    const shown = await Promise.all([status.getAttribute('data-state', { timeout: 2000 }), status.textContent({ timeout: 2000 })]).catch(() => ['?', '?']);
    return `${this.name}: status ${shown[0]} "${shown[1]}"\n    ${this.consoleTail.lines().join('\n    ') || '(no console lines)'}`;
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/** The last console lines of a device's page (sync log lines, warnings and errors), with times. */
class ConsoleTail {
  private readonly started = Date.now();
  private readonly kept: string[] = [];

  push(text: string): void {
    this.kept.push(`+${((Date.now() - this.started) / 1000).toFixed(1)}s ${text.slice(0, 300)}`);
    if (this.kept.length > 30) this.kept.shift();
  }

  lines(): string[] {
    return [...this.kept];
  }
}
