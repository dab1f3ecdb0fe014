import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

// Screenshots for people to look at (e2e/screenshots/ is gitignored).
const dir = path.resolve(import.meta.dirname, '..', 'screenshots');

export async function screenshot(page: Page, name: string, viewport: 'phone' | 'desktop'): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(250); // let transitions settle
  await page.screenshot({ path: path.join(dir, `${name}-${viewport === 'phone' ? 390 : 1280}.png`), fullPage: true });
}
