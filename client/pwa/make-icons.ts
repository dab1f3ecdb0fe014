// Draws the app icons (PNG) from the logo SVG with the system Chromium. Run once after a
// logo change and commit the output: `npx tsx client/pwa/make-icons.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const logo = fs.readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
const outDir = path.join(root, 'public/icons');

const ICONS = [
  // "any" icons: the round logo on a transparent canvas.
  { file: 'icon-192.png', size: 192, background: 'transparent', scale: 1 },
  { file: 'icon-512.png', size: 512, background: 'transparent', scale: 1 },
  // Maskable: full-bleed colour, logo inside the 80% safe zone so any mask shape keeps it whole.
  { file: 'icon-maskable-512.png', size: 512, background: '#fbe6d9', scale: 0.72 },
  // iOS ignores transparency (it would turn black), so an opaque square.
  { file: 'apple-touch-icon.png', size: 180, background: '#fbe6d9', scale: 0.86 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of ICONS) {
    const inner = Math.round(icon.size * icon.scale);
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:${icon.background};display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px">
        <div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
      </body></html>`,
    );
    await page.screenshot({ path: path.join(outDir, icon.file), omitBackground: icon.background === 'transparent' });
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
