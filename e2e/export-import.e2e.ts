import fs from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../shared/export/zip.js';
import { createAccount, signIn } from './support/accounts.js';
import { baseUrl, launchBrowser, newDevice, type Device } from './support/browser.js';
import { makePng } from './support/png.js';
import { signedInWithToys } from './support/signed-in.js';
import { serverToys, waitForSynced } from './support/server-state.js';
import { RotationPageModel } from './pages/rotation-page.js';
import { SettingsPageModel } from './pages/settings-page.js';
import { saveScreenshot } from './support/screenshots.js';

// Settings -> Your data (issue 15): the export is made on the device, offline too; the import
// previews first, then writes all or nothing, offline too; a round trip into a fresh account
// is identical: inventory, photos byte for byte, children, settings, history with observations.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });

async function openYourData(page: Page): Promise<void> {
  await new SettingsPageModel(page).goto();
  await yourData(page).waitFor();
}

/** Clicks "Export my data" and reads the downloaded zip. */
async function exportZip(page: Page): Promise<{ name: string; bytes: Buffer; files: Map<string, Uint8Array> }> {
  const [download] = await Promise.all([page.waitForEvent('download'), yourData(page).getByRole('button', { name: 'Export my data' }).click()]);
  const path = await download.path();
  const bytes = fs.readFileSync(path);
  await yourData(page).getByText(/^Saved toy-rotation-export-/).waitFor();
  return { name: download.suggestedFilename(), bytes, files: readZip(new Uint8Array(bytes)) };
}

const json = (files: Map<string, Uint8Array>) => JSON.parse(new TextDecoder().decode(files.get('toy-rotation.json'))) as { collections: Record<string, Record<string, unknown>[]> };
const photoNames = (files: Map<string, Uint8Array>) => [...files.keys()].filter((name) => name.startsWith('photos/')).sort();
/** The settings an import carries over (plan, limits and the household id are the account's own). */
const importedSettings = ({ id: _id, plan: _plan, toysLimit: _t, collectionsLimit: _c, ...rest }: Record<string, unknown>) => rest;
const history = (rotations: Record<string, unknown>[] | undefined) => rotations!.map((r) => [r.id, r.toyIds, r.childId, r.observations]);

/** A REST call of the account, as a script would make it. */
async function api(token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${baseUrl()}/api/private/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Picks the export zip, checks the preview's counts, imports, and waits for the message. */
async function importExport(page: Page, file: { name: string; bytes: Buffer }): Promise<void> {
  await page.getByLabel('File to import').setInputFiles({ name: file.name, mimeType: 'application/zip', buffer: file.bytes });
  const preview = yourData(page).getByRole('region', { name: 'Ready to import' });
  await preview.waitFor();
  expect(await preview.getByRole('listitem').allTextContents()).toEqual(
    expect.arrayContaining(['3 toys added', '2 rotations of history', '1 child added', '2 photos', "First child's name: not set → Mia", 'Child added: Leo']),
  );
  await preview.getByRole('button', { name: 'Import' }).click();
  await page.getByTestId('flash').filter({ hasText: 'Imported: 3 toys added, 0 updated, 0 unchanged.' }).waitFor();
}

/** The same inventory, photos byte for byte, children, settings and history as the export. */
function expectSameAsExported(again: Map<string, Uint8Array>): void {
  const [a, b] = [json(exported.files).collections, json(again).collections];
  // Identical inventory; who added and changed each toy is the importing member (issue 13).
  const withoutWho = (toys: typeof a.toys) => toys!.map(({ createdBy: _c, updatedBy: _u, ...toy }) => toy);
  expect(withoutWho(b.toys)).toEqual(withoutWho(a.toys));
  expect(b.lists!.map((list) => list.name)).toEqual(a.lists!.map((list) => list.name));
  expect(history(b.rotations)).toEqual(history(a.rotations));
  expect(importedSettings(b.settings![0]!)).toEqual(importedSettings(a.settings![0]!));
  expect(photoNames(again)).toEqual(photoNames(exported.files));
  for (const name of photoNames(exported.files)) {
    expect(Buffer.from(again.get(name) as Uint8Array).equals(Buffer.from(exported.files.get(name) as Uint8Array))).toBe(true);
  }
}

let exported: Awaited<ReturnType<typeof exportZip>>;

describe('your data: export and import in the browser', () => {
  let source: Device;
  let sourceToken = '';

  it('exports offline from the local database: JSON of every collection, the CSV and the photos', async () => {
    const signedIn = await signedInWithToys(browser, 'export', [
      { title: 'Xylophone', photo: makePng(120, 90) },
      { title: 'Train', photo: makePng(60, 80) },
      { title: 'Ball', photo: makePng(60, 80) }, // the same photo as Train: in the zip once
    ]);
    source = signedIn.device;
    sourceToken = signedIn.account.token;
    const rotation = new RotationPageModel(source.page);
    await rotation.goto();
    await rotation.rotate();
    await waitForSynced(source.page);
    // A second child with a toy of its own, the rotation options, history with observations.
    await api(sourceToken, 'PUT', 'updateChild/first-child', { name: 'Mia', birthMonth: 3, birthYear: 2022 });
    const leo = await api(sourceToken, 'POST', 'addChild', { name: 'Leo', birthYear: 2020, rotationToysNumber: 1, rotationIntervalDays: 3 });
    const train = (await serverToys(sourceToken)).find((toy) => toy.title === 'Train')!;
    await api(sourceToken, 'PUT', `updateToyChildren/${train._id}`, { childIds: [leo.id] });
    await api(sourceToken, 'PUT', 'updateSettings', { rotationMode: 'balanced', rotationIntervalDays: 7, reminderEmail: true, timeZone: 'Europe/Paris' });
    const [mine] = await api(sourceToken, 'GET', 'rotationHistory');
    await api(sourceToken, 'PUT', `observeToy/${mine.id}`, { toyId: mine.toys[0]._id, observation: 'little' });
    const forLeo = await api(sourceToken, 'POST', `rotateChild/${leo.id}`);
    await api(sourceToken, 'PUT', `observeToy/${forLeo.rotationId}`, { toyId: forLeo.toyIds[0], observation: 'lot' });
    // A reload syncs from where it stopped; Synced then means everything above is on the device.
    await openYourData(source.page);
    await waitForSynced(source.page);
    await saveScreenshot(source.page, 'your-data', 'desktop');

    await source.context.setOffline(true);
    exported = await exportZip(source.page);
    await source.context.setOffline(false);
    expect(exported.name).toMatch(/^toy-rotation-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const data = json(exported.files);
    expect(Object.keys(data.collections).sort()).toEqual(['lists', 'rotations', 'settings', 'toys']);
    expect(data.collections.toys!.map((toy) => toy.title).sort()).toEqual(['Ball', 'Train', 'Xylophone']);
    expect(data.collections.rotations!.map((r) => Object.values(r.observations as object)).sort()).toEqual([['little'], ['lot']]);
    expect(data.collections.settings![0]).toMatchObject({ firstChildName: 'Mia', rotationMode: 'balanced', timeZone: 'Europe/Paris' });
    expect(Object.values(data.collections.settings![0]!.children as object)).toEqual([expect.objectContaining({ name: 'Leo', rotationIntervalDays: 3 })]);
    expect(photoNames(exported.files)).toHaveLength(2);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(exported.files.get('toys.csv'));
    expect(csv.startsWith('\uFEFF"Title","Category"')).toBe(true);
  });

  it('imports into a fresh account after a preview: identical inventory, children, settings, byte-identical photos, history kept', async () => {
    const account = await createAccount('import');
    const device = await newDevice(browser, 'phone');
    await signIn(device.page, account, '/settings');
    await openYourData(device.page);
    await saveScreenshot(device.page, 'your-data', 'phone');

    await device.page.getByLabel('File to import').setInputFiles({ name: exported.name, mimeType: 'application/zip', buffer: exported.bytes });
    await yourData(device.page).getByRole('region', { name: 'Ready to import' }).waitFor();
    await saveScreenshot(device.page, 'your-data-preview', 'phone');
    await device.page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(device.page, 'your-data-preview', 'desktop');
    await importExport(device.page, exported);
    await waitForSynced(device.page);
    expect((await serverToys(account.token)).map((toy) => toy.title).sort()).toEqual(['Ball', 'Train', 'Xylophone']);
    expect((await api(account.token, 'GET', 'getChildren')).map((child: { name: string }) => child.name)).toEqual(['Mia', 'Leo']);

    // Exported again from the new account (offline: its photos are on the device): the same.
    await device.context.setOffline(true);
    const again = await exportZip(device.page);
    await device.context.setOffline(false);
    expectSameAsExported(again.files);

    // The same zip again adds nothing.
    const preview = yourData(device.page).getByRole('region', { name: 'Ready to import' });
    await device.page.getByLabel('File to import').setInputFiles({ name: exported.name, mimeType: 'application/zip', buffer: exported.bytes });
    await preview.getByText('3 toys unchanged').waitFor();
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await device.context.close();
  });

  it('imports offline: the import works on the device and reaches the server when the network is back', async () => {
    const account = await createAccount('offline-import');
    const device = await newDevice(browser, 'desktop');
    await signIn(device.page, account, '/settings');
    await openYourData(device.page);
    await waitForSynced(device.page);

    await device.context.setOffline(true);
    await importExport(device.page, exported);
    const offlineCopy = await exportZip(device.page);
    expectSameAsExported(offlineCopy.files);
    expect(await serverToys(account.token)).toEqual([]);

    await device.context.setOffline(false);
    await waitForSynced(device.page);
    expect((await serverToys(account.token)).map((toy) => toy.title).sort()).toEqual(['Ball', 'Train', 'Xylophone']);
    expect((await api(account.token, 'GET', 'getChildren')).map((child: { name: string }) => child.name)).toEqual(['Mia', 'Leo']);
    for (const name of photoNames(exported.files)) {
      const photo = await fetch(`${baseUrl()}/api/media/${name.slice('photos/'.length, -'.jpg'.length)}`, { headers: { authorization: `Bearer ${account.token}` } });
      expect(photo.status, name).toBe(200);
    }
    await device.context.close();
  });

  it('hostile files get a readable error and nothing is written; a CSV with bad rows lists each one', async () => {
    const page = source.page;
    await openYourData(page);
    const before = (await serverToys(sourceToken)).length;
    const pick = (name: string, buffer: Buffer, mimeType = '') => page.getByLabel('File to import').setInputFiles({ name, mimeType, buffer });
    const alert = yourData(page).getByRole('alert');

    await pick('slip.zip', Buffer.from(zipSync({ 'toy-rotation.json': strToU8('{}'), '../../evil.sh': strToU8('x') })));
    await alert.filter({ hasText: 'The zip file contains a path outside its folder ("../../evil.sh"); it was not read.' }).waitFor();
    await pick('bomb.zip', Buffer.from(zipSync({ 'toy-rotation.json': strToU8('{}'), 'photos/a.jpg': new Uint8Array(16 * 1024 * 1024) })));
    await alert.filter({ hasText: 'unpacks to more than 15 MB' }).waitFor();
    await pick('huge.csv', Buffer.from('Title\n' + 'Toy\n'.repeat(100_000)), 'text/csv');
    await alert.filter({ hasText: 'huge.csv has more than 5,000 rows' }).waitFor();
    await pick('latin.csv', Buffer.from([...strToU8('Title\nCaf'), 0xe9]), 'text/csv');
    await alert.filter({ hasText: 'latin.csv is not UTF-8 text' }).waitFor();
    const future = JSON.stringify({ format: 'toy-rotation-export', version: 2, collections: {} });
    await pick('future.zip', Buffer.from(zipSync({ 'toy-rotation.json': strToU8(future) })));
    await alert.filter({ hasText: 'newer version of Toy Rotation (format 2)' }).waitFor();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Title\r\nKite\r\n', 'utf16le')]);
    await pick('unicode.csv', utf16, 'text/csv');
    await alert.filter({ hasText: 'unicode.csv is saved as UTF-16 text. Please save it as "CSV UTF-8" and try again.' }).waitFor();

    const notImage = 'c'.repeat(64);
    const toyWithPhoto = {
      id: 'x', title: 'Kite', categoryId: 'uncategorized', caption: '', mediaId: notImage, collectionIds: [], excluded: false, favorite: false,
      createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null,
    };
    const disguised = { format: 'toy-rotation-export', version: 1, collections: { toys: [toyWithPhoto], lists: [], settings: [], rotations: [] } };
    await pick('disguised.zip', Buffer.from(zipSync({ 'toy-rotation.json': strToU8(JSON.stringify(disguised)), [`photos/${notImage}.jpg`]: strToU8('<html><script>alert(1)</script>') })));
    const refused = yourData(page).getByRole('region', { name: 'This file cannot be imported yet' });
    await refused.waitFor();
    expect(await refused.getByRole('list', { name: 'Problems' }).getByRole('listitem').allTextContents()).toEqual([
      `photos/${notImage}.jpg: It is not a JPEG or PNG image.`,
    ]);
    expect(await refused.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await refused.getByRole('button', { name: 'Cancel' }).click();

    await pick('toys.csv', Buffer.from('Title,Kept,Photo\nKite,yes,\n,no,\nDrum,maybe,\nBoat,no,boat.jpg\n'), 'text/csv');
    const preview = yourData(page).getByRole('region', { name: 'This file cannot be imported yet' });
    await preview.waitFor();
    expect(await preview.getByRole('list', { name: 'Problems' }).getByRole('listitem').allTextContents()).toEqual([
      'Row 3: The title is empty.',
      'Row 4: Kept must be yes or no, not "maybe".',
      'Row 5: It names the photo "boat.jpg": pick the zip with the photos too.',
    ]);
    expect(await preview.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await preview.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(500);
    expect((await serverToys(sourceToken)).length).toBe(before);
  });
});
