import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ContactFormPage, DeletionFormPage, PricingPage } from './pages/public-forms.js';
import { createAccount, signIn } from './support/accounts.js';
import { launchBrowser, newDevice } from './support/browser.js';
import { waitForMail } from './support/outbox.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('contact forms', () => {
  test('Contact Us: the reply shows for 5 s between ducks and the button stays disabled', async () => {
    const { page, context } = await newDevice(browser, 'phone');
    const contact = new ContactFormPage(page);
    await contact.open('/contactus');
    const sent = page.waitForRequest('**/api/public/contactus');
    await contact.send('parent@example.com', 'Could the app remind me to rotate every Sunday?');
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toEqual({ email: 'parent@example.com', subject: 'Contact Form', message: 'Could the app remind me to rotate every Sunday?' });
    await contact.popup.waitFor();
    const text = (await contact.popup.textContent()) ?? '';
    expect(text.startsWith('🦆 ')).toBe(true);
    expect(text.endsWith(' 🦆')).toBe(true);
    expect(text.length).toBeGreaterThan(6);
    await expect(contact.submitButton.isDisabled()).resolves.toBe(true);
    await contact.popup.waitFor({ state: 'detached', timeout: 8000 });
    await expect(contact.submitButton.isDisabled()).resolves.toBe(true);
    await waitForMail('support@localhost', /rotate every Sunday/);
    await context.close();
  });

  test('the bee-health page sends the Bee Healthy subject under its app heading', async () => {
    const { page, context } = await newDevice(browser);
    const contact = new ContactFormPage(page);
    await contact.open('/beehealthycontactus');
    await page.getByText('Bee Healthy', { exact: true }).waitFor();
    const sent = page.waitForRequest('**/api/public/contactus');
    await contact.send('beekeeper@example.com', 'My hive check reminders stopped.');
    expect(((await sent).postDataJSON() as { subject: string }).subject).toBe('Bee Healthy Contact Form');
    await contact.popup.waitFor();
    await context.close();
  });
});

describe('deletion request', () => {
  test('nothing is sent without an @ or the ticked box; a valid request is sent without a confirmation', async () => {
    const { page, context } = await newDevice(browser);
    const form = new DeletionFormPage(page);
    await form.open();
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/public/deletionform')) requests.push(request);
    });

    await form.fill('parent@example.com', 'Please remove everything.', false);
    await form.submit();
    // The email field rejects "no @" by itself; the app's own check must also hold without it.
    await page.evaluate(() => document.querySelector('form')?.setAttribute('novalidate', ''));
    await form.fill('   ', 'Blank email', true);
    await form.submit();
    await form.fill('parent.example.com', 'No at sign', true);
    await form.submit();
    await form.fill('parent@example.com', 'Not ticked', false);
    await form.submit();
    await page.waitForTimeout(500);
    expect(requests).toHaveLength(0);

    const sent = page.waitForRequest('**/api/public/deletionform');
    await form.fill('parent@example.com', 'Please remove everything.', true);
    await form.submit();
    expect((await sent).postDataJSON()).toEqual({
      email: 'parent@example.com',
      subject: 'Deletion Form',
      message: 'Please remove everything.',
      deleteAccount: true,
    });
    await waitForMail('support@localhost', /Please remove everything\./);
    await expect(page.locator('.popup, .alert').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('pricing', () => {
  test('visitors see both plans with the limits; signed-in users get a clear note while payments are off', async () => {
    const { page, context } = await newDevice(browser);
    const pricing = new PricingPage(page);
    await page.goto('/pricingnoauth');
    const free = pricing.card('Free');
    const premium = pricing.card('Premium');
    await free.waitFor();
    expect(await free.textContent()).toMatch(/\$0\/month.*Up to 100 toys.*Up to 3 collections/);
    expect(await premium.textContent()).toMatch(/\$6\/month.*Up to 500 toys.*Up to 50 collections/);

    const account = await createAccount('shopper');
    await signIn(page, account, '/pricing');
    await pricing.note.waitFor();
    await expect(page.getByRole('button', { name: 'Upgrade to Premium' }).count()).resolves.toBe(0);
    await context.close();
  });
});

describe('front page video', () => {
  test('the player loads from youtube-nocookie only after a click on the poster', async () => {
    const { page, context } = await newDevice(browser);
    const youtube: string[] = [];
    await context.route(/youtube/, (route) => {
      youtube.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>player</title>' });
    });
    await page.goto('/frontpage');
    const poster = page.getByRole('button', { name: /Play the video/ });
    await poster.waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(youtube).toEqual([]);
    await poster.click();
    const src = await page.locator('iframe').getAttribute('src');
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect.poll(() => youtube.length).toBeGreaterThan(0);
    await context.close();
  });
});
