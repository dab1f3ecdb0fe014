import type { Page } from 'playwright-core';
import { waitForTakeOver } from '../support/browser.js';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Log In' }).waitFor();
    await waitForTakeOver(this.page);
  }

  async logIn(email: string, password: string) {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.locator('form').getByRole('button', { name: 'Log In' }).click();
  }

  get banner() {
    return this.page.locator('.alert');
  }
}

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/register');
    await this.page.getByRole('heading', { name: 'Register' }).waitFor();
    await waitForTakeOver(this.page);
  }

  async fill(fields: { username: string; email: string; password: string; confirm?: string }) {
    await this.page.getByLabel('Username').fill(fields.username);
    await this.page.getByLabel('Email').fill(fields.email);
    await this.page.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.page.getByLabel('Confirm password').fill(fields.confirm ?? fields.password);
  }

  /**
   * Solves the real ALTCHA proof of work in the page. The widget starts by itself when the form
   * gets focus (auto="onfocus"); the box is ticked only while it has not. A plain click, not
   * `check()`: the box stays unticked while the widget works, which `check()` takes for a
   * failed click, and on a loaded machine the widget may start between the look and the click.
   */
  async solveCaptcha() {
    const widget = this.page.locator('altcha-widget');
    const verified = widget.locator('[data-state="verified"]');
    const deadline = Date.now() + 30_000;
    while ((await verified.count()) === 0) {
      if (Date.now() > deadline) throw new Error('The captcha was not verified within 30 s');
      if ((await widget.locator('[data-state="unverified"]').count()) > 0) {
        await widget.locator('input[type="checkbox"]').click({ timeout: 5_000 }).catch(() => undefined);
      }
      await this.page.waitForTimeout(300);
    }
  }

  async submit() {
    await this.page.locator('form').getByRole('button', { name: 'Register' }).click();
  }

  get banner() {
    return this.page.locator('.alert');
  }
}

export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/forgotpassword');
    await this.page.getByRole('heading', { name: 'Forgot password' }).waitFor();
  }

  get email() {
    return this.page.getByLabel('Email');
  }

  async send(email: string) {
    await this.email.fill(email);
    await this.page.getByRole('button', { name: 'Send Email' }).click();
  }

  get banner() {
    return this.page.locator('.alert');
  }
}

export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async reset(password: string, confirm = password) {
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm new password').fill(confirm);
    await this.page.getByRole('button', { name: 'Reset password' }).click();
  }

  get banner() {
    return this.page.locator('.alert');
  }
}
