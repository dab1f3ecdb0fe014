import type { Page } from 'playwright-core';

/** The top bar: Log In / Register for visitors, the sync status and Log Out when signed in. */
export class TopBar {
  constructor(private readonly page: Page) {}

  get logIn() {
    return this.page.locator('header.topbar').getByRole('link', { name: 'Log In', exact: true });
  }

  get register() {
    return this.page.locator('header.topbar').getByRole('link', { name: 'Register', exact: true });
  }

  get logOut() {
    return this.page.locator('header.topbar').getByRole('button', { name: 'Log Out' });
  }

  get syncStatus() {
    return this.page.getByTestId('sync-status');
  }

  sideMenuLink(name: 'Home' | 'Inventory' | 'Collections' | 'Rotation' | 'Settings') {
    return this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  }

  /** On phones the side menu is a drawer: open it first when the toggle is visible. */
  async openMenuIfDrawer(): Promise<void> {
    const toggle = this.page.getByRole('button', { name: 'Open menu' });
    if (await toggle.isVisible()) await toggle.click();
  }

  async navigate(name: 'Home' | 'Inventory' | 'Collections' | 'Rotation' | 'Settings'): Promise<void> {
    await this.openMenuIfDrawer();
    await this.sideMenuLink(name).click();
  }
}
