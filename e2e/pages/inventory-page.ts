import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';

// Page model of /inventory, and a PNG maker for the photo picker.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG: a diagonal two-colour gradient, large by default so the app has to shrink it. */
export function makePng(width = 1600, height = 1200, rgb: [number, number, number] = [200, 90, 40]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(rgb[0] * (1 - t) + 250 * t);
      row[2 + x * 3] = Math.round(rgb[1] * (1 - t) + 220 * t);
      row[3 + x * 3] = Math.round(rgb[2] * (1 - t) + 120 * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type NewToy = { title: string; category?: string; notes?: string; photo?: Buffer | null };

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
      await dialog.getByLabel('Photo', { exact: true }).setInputFiles({ name: `${toy.title}.png`, mimeType: 'image/png', buffer: toy.photo ?? makePng() });
      await dialog.getByRole('img', { name: 'Chosen photo' }).waitFor();
    }
    await dialog.getByLabel('Title').fill(toy.title);
    if (toy.category) await dialog.getByLabel('Category').selectOption({ label: toy.category });
    if (toy.notes !== undefined) await dialog.getByLabel('Notes').fill(toy.notes);
  }

  async addToyAndWait(toy: NewToy): Promise<void> {
    await this.addToy(toy);
    await this.flash.filter({ hasText: 'Image uploaded successfully' }).waitFor();
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
}
