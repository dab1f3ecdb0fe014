import type { Browser } from 'playwright-core';
import { InventoryPageModel, type NewToy } from '../pages/inventory-page.js';
import { createAccount, signIn, type Account } from './accounts.js';
import { newDevice, type Device } from './browser.js';

export type SignedIn = { account: Account; device: Device; inventory: InventoryPageModel };

/** A new account signed in on a desktop device, on /inventory with `toys` added (photos uploaded). */
export async function signedInWithToys(browser: Browser, prefix: string, toys: NewToy[]): Promise<SignedIn> {
  const account = await createAccount(prefix);
  const device = await newDevice(browser, 'desktop');
  await signIn(device.page, account, '/inventory');
  const inventory = new InventoryPageModel(device.page);
  await inventory.goto();
  for (const toy of toys) await inventory.addToyAndWait(toy);
  return { account, device, inventory };
}
