import type { Locator, Page } from 'playwright-core';

// Print checks: what a printed page holds, measured the way the browser prints it.

/** The pages of the page printed as a PDF (A4), counted from the PDF's page objects. */
export async function printedPageCount(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  return pdf.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/** The computed `display` of an element (under the media the page emulates). */
export function displayOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).display);
}

/** Replaces window.print (a dialog) with a counter, so a test can press Print and go on. */
export async function stubPrintDialog(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const counter = window as unknown as { printed: number };
    counter.printed = 0;
    window.print = () => {
      counter.printed += 1;
    };
  });
  return () => page.evaluate(() => (window as unknown as { printed: number }).printed);
}
