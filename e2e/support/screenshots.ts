import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ViewportName } from './browser.js';

// Full-page screenshots for people to look at: e2e/screenshots/<name>-<width>.png (gitignored).
const dir = path.resolve(import.meta.dirname, '..', 'screenshots');

export async function saveScreenshot(page: Page, name: string, viewport: ViewportName): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(200); // let transitions settle
  await page.screenshot({ path: path.join(dir, `${name}-${viewport === 'phone' ? 390 : 1280}.png`), fullPage: true, animations: 'disabled' });
}
