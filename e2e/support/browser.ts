import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

// One Chromium per test file (launched in beforeAll), one context per simulated device.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function baseUrl(): string {
  return inject('baseUrl');
}

export function dataDir(): string {
  return inject('dataDir');
}

/** The client build the shared server serves. */
export function clientDir(): string {
  return inject('clientDir');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export type Device = {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors seen on the page, for assertions. */
  errors: string[];
};

export async function newDevice(
  browser: Browser,
  viewport: ViewportName = 'desktop',
  options: { serviceWorkers?: 'allow' | 'block'; baseUrl?: string; locale?: string } = {},
): Promise<Device> {
  const size = VIEWPORTS[viewport];
  const context = await browser.newContext({
    baseURL: options.baseUrl ?? baseUrl(),
    viewport: size,
    deviceScaleFactor: 1,
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    locale: options.locale ?? 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: options.serviceWorkers ?? 'allow',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Waits until React has taken over a page the build prerendered (its forms work from then on). */
export async function waitForTakeOver(page: Page): Promise<void> {
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
}

/** Waits until the app has rendered a page (the lazy chunk loaded and the spinner gone). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('main#main').waitFor();
  await page.waitForFunction(() => !document.querySelector('main#main > .empty-state .spinner'));
}
