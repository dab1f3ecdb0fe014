import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RestSettings, RestToy } from '../../shared/schemas/rest.js';
import { baseUrl } from './browser.js';

// What the server holds, read through the spec's REST calls (the same tables sync writes).

async function get<T>(token: string, path: string, base = baseUrl()): Promise<T> {
  const response = await fetch(`${base}/api/private/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const serverToys = (token: string, base?: string) => get<RestToy[]>(token, 'getusertoys', base);
export const serverRotation = (token: string, base?: string) => get<RestToy[]>(token, 'getuserrandomtoys', base);

export async function serverSettings(token: string): Promise<RestSettings> {
  const list = await get<RestSettings[]>(token, 'getsettings');
  if (!list[0]) throw new Error('getsettings answered no settings');
  return list[0];
}

/** Waits until the page's sync indicator says "Synced" (online, nothing waiting). */
export async function waitForSynced(page: Page, timeout = 45_000): Promise<void> {
  const status = page.getByTestId('sync-status');
  await expect.poll(() => status.getAttribute('data-state'), { timeout }).toBe('online');
  await expect.poll(() => status.textContent(), { timeout }).toMatch(/^Synced/);
}
