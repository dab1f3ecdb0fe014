import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
    await this.page.getByRole('heading', { name: 'Log In' }).waitFor();
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
  }

  async fill(fields: { username: string; email: string; password: string; confirm?: string }) {
    await this.page.getByLabel('Username').fill(fields.username);
    await this.page.getByLabel('Email').fill(fields.email);
    await this.page.getByLabel('Password', { exact: true }).fill(fields.password);
    await this.page.getByLabel('Confirm password').fill(fields.confirm ?? fields.password);
  }

  /**
   * Solves the real ALTCHA proof of work in the page. The widget starts by itself when the form
   * gets focus (auto="onfocus"); tick the box only if it has not.
   */
  async solveCaptcha() {
    const widget = this.page.locator('altcha-widget');
    const verified = widget.locator('[data-state="verified"]');
    await this.page.waitForTimeout(300);
    if ((await widget.locator('[data-state="unverified"]').count()) > 0) await widget.locator('input[type="checkbox"]').check();
    await verified.waitFor({ timeout: 30_000 });
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
