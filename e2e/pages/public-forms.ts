import type { Page } from 'playwright-core';
import { waitForTakeOver } from '../support/browser.js';

export class ContactFormPage {
  constructor(private readonly page: Page) {}

  async open(path: '/contactus' | '/beehealthycontactus' = '/contactus') {
    await this.page.goto(path);
    await this.page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await waitForTakeOver(this.page);
  }

  async send(email: string, message: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Message').fill(message);
    await this.submitButton.click();
  }

  get submitButton() {
    return this.page.locator('form').getByRole('button', { name: 'Submit' });
  }

  get popup() {
    return this.page.locator('.popup');
  }
}

export class DeletionFormPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/deletionform');
    await this.page.getByRole('heading', { name: 'Deletion Request' }).waitFor();
    await waitForTakeOver(this.page);
  }

  async fill(email: string, message: string, tick: boolean) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Message (optional)').fill(message);
    await this.page.getByLabel('Delete account and associated data').setChecked(tick);
  }

  async submit() {
    await this.page.locator('form').getByRole('button', { name: 'Submit' }).click();
  }
}

export class PricingPage {
  constructor(private readonly page: Page) {}

  card(name: 'Free' | 'Premium') {
    return this.page.getByRole('listitem', { name: `${name} plan` });
  }

  get note() {
    return this.page.getByText('Payments are not set up on this server');
  }
}
