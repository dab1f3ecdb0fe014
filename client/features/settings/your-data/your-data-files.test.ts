import { afterEach, describe, expect, it } from 'vitest';
// First: it installs fake-indexeddb before Dexie loads.
import { dexieStorage, enableDevMode } from '../../../test-support/sync-harness.js';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { FIRST_CHILD_ID, SYNC_TABLES } from '../../../../shared/schemas/docs.js';
import { inEnglish } from '../../../../shared/export/import-words.js';
import { closeUserDatabase, openUserDatabase, removeUserDatabase, type ToyDatabase } from '../../../db/database.js';
import { addChild, addList, addToy, getSettings, observe, patchChild, rotate, setReminderEmail, setRotationCount, setRotationInterval, setRotationMode, setTimeZone } from '../../../db/ops/index.js';
import { localPhoto, savePhoto, sha256Hex } from '../../../sync/photos.js';
import { buildExport, prepareImport, runImport, type PhotoTools } from './your-data-files.js';

enableDevMode();

const opened: { db: ToyDatabase; userId: string; name: string }[] = [];
let n = 0;
async function freshDb(): Promise<ToyDatabase> {
  const userId = `user-data-${++n}-${Math.random().toString(36).slice(2, 8)}`;
  const name = `data-${n}-${userId}`;
  const db = await openUserDatabase(userId, { storage: dexieStorage(), multiInstance: false, name });
  await db.lists.insert({ id: 'uncategorized', kind: 'category', name: 'Uncategorized', position: 0, createdAt: 0 });
  opened.push({ db, userId, name });
  return db;
}
afterEach(async () => {
  for (const { db, userId, name } of opened.splice(0)) {
    await closeUserDatabase(db);
    await removeUserDatabase(userId, { storage: dexieStorage(), name });
  }
});

// Node has no image decoder: "decoding" accepts what starts like a JPEG or PNG, and
// "shrinking" writes a comment segment first, so a test sees which photos were re-encoded.
const SHRUNK = [0xff, 0xd8, 0xff, 0xfe, 0, 8, ...Array.from('shrunk', (c) => c.charCodeAt(0))];
const tools: PhotoTools = {
  async measure(blob) {
    const head = new Uint8Array(await blob.slice(0, 3).arrayBuffer());
    if (head[0] !== 0xff && head[0] !== 0x89) throw new Error('not an image');
    return { width: 100, height: 80 };
  },
  async shrink(blob) {
    return new Blob([new Uint8Array(SHRUNK), new Uint8Array(await blob.arrayBuffer()).subarray(2)], { type: 'image/jpeg' });
  },
};
const wasShrunk = (bytes: Uint8Array) => SHRUNK.every((b, i) => bytes[i] === b);
const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data];
/** A JPEG laid out as shrinking makes it (JFIF, tables, frame, scan; nothing else); `extra` adds segments such as EXIF. */
const jpeg = (seed: number, ...extra: number[][]) =>
  new Uint8Array([
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...extra.flat(),
    ...segment(0xdb, [0, seed]),
    ...segment(0xc0, [8, 0, 80, 0, 100, 1, 1, 0x11, 0]),
    ...segment(0xda, [1, 1, 0, 0, 63, 0]),
    seed, 0x12, 0xff, 0xd9,
  ]);
const exifGps = segment(0xe1, Array.from('Exif\0\0GPS 48.85N 2.35E', (c) => c.charCodeAt(0)));
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

/** Toys with a photo, lists, two children with their own schedules, history with observations, and the rotation options. */
async function furnished(): Promise<ToyDatabase> {
  const db = await freshDb();
  const blocks = await addList(db, 'category', 'Blocks');
  const bedroom = await addList(db, 'collection', 'Bedroom');
  const photo = await savePhoto(db.householdId, new Blob([jpeg(1)], { type: 'image/jpeg' }));
  await patchChild(db, FIRST_CHILD_ID, { name: 'Mia', birthMonth: 3, birthYear: 2022 });
  const leo = await addChild(db, { name: 'Leo', birthMonth: null, birthYear: 2020, rotationToysNumber: 1 }, Date.UTC(2026, 0, 5)); // a fixed clock: the child's createdAt
  await addToy(db, { title: 'Duplo', categoryId: blocks!.id, collectionIds: [bedroom!.id], mediaId: photo, caption: '@home', location: 'Shelf' });
  await addToy(db, { title: 'Train', favorite: true, childIds: [leo] });
  await addToy(db, { title: 'Ball', retired: true });
  await setRotationCount(db, 1);
  await setRotationInterval(db, 7);
  await setRotationInterval(db, 3, leo);
  await setRotationMode(db, 'balanced');
  await setReminderEmail(db, true);
  await setTimeZone(db, 'Europe/Paris');
  const first = await rotate(db);
  await observe(db, first.rotation.id, first.rotation.toyIds[0]!, 'lot');
  await rotate(db);
  const forLeo = await rotate(db, { childId: leo });
  await observe(db, forLeo.rotation.id, forLeo.rotation.toyIds[0]!, 'none');
  return db;
}

/** The settings an import carries over (plan, limits and the household id are the account's own). */
const importedSettings = async (db: ToyDatabase) => {
  const { id: _id, plan: _plan, toysLimit: _t, collectionsLimit: _c, ...rest } = await getSettings(db);
  return rest;
};

const file = (bytes: Uint8Array, name: string, type = '') => new File([bytes as BlobPart], name, { type });
const zipFile = async (blob: Blob) => file(new Uint8Array(await blob.arrayBuffer()), 'export.zip', 'application/zip');
const docsOf = async (db: ToyDatabase, name: string) =>
  (await (db.collections as Record<string, { find(): { exec(): Promise<{ toMutableJSON(): Record<string, unknown> }[]> } }>)[name]!.find().exec())
    .map((doc) => {
      const { _meta, _rev, _attachments, _deleted, ...data } = doc.toMutableJSON();
      return data;
    })
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));

describe('export on the device', () => {
  it('has every document of every synced collection, all fields, and each photo as stored', async () => {
    const db = await furnished();
    const result = await buildExport(db, { fetchImpl: offline });
    const files = unzipSync(new Uint8Array(await result.blob.arrayBuffer()));
    const json = JSON.parse(new TextDecoder().decode(files['toy-rotation.json']));
    for (const name of SYNC_TABLES) {
      expect(json.collections[name], `collection ${name} is missing from the export`).toEqual(await docsOf(db, name));
    }
    expect(json.collections.toys).toHaveLength(3);
    expect(json.collections.rotations).toHaveLength(3);
    expect(json.missingPhotos).toEqual([]);
    const photoId = json.collections.toys.find((t: { title: string }) => t.title === 'Duplo').mediaId;
    expect([...files[`photos/${photoId}.jpg`]!]).toEqual([...jpeg(1)]);
    expect(new TextDecoder().decode(files['toys.csv'])).toContain(`"Duplo","Blocks","'@home","Bedroom","Shelf","active","no","no"`);
    expect(result.missingPhotos).toEqual([]);
  });

  it('offline, names the toys whose photos are not on this device', async () => {
    const db = await freshDb();
    await addToy(db, { title: 'Kite', mediaId: 'a'.repeat(64) });
    const result = await buildExport(db, { fetchImpl: offline });
    expect(result.missingPhotos).toEqual(['Kite']);
    const json = JSON.parse(new TextDecoder().decode(unzipSync(new Uint8Array(await result.blob.arrayBuffer()))['toy-rotation.json']));
    expect(json.missingPhotos).toEqual([{ mediaId: 'a'.repeat(64), toys: ['Kite'] }]);
    const online: typeof fetch = async () => new Response(jpeg(9));
    const files = unzipSync(new Uint8Array(await (await buildExport(db, { fetchImpl: online })).blob.arrayBuffer()));
    expect([...files[`photos/${'a'.repeat(64)}.jpg`]!]).toEqual([...jpeg(9)]);
  });
});

describe('import on the device', () => {
  it('round trip into a fresh account: identical inventory, children, settings, byte-identical photos, history kept; again: no duplicates', async () => {
    const source = await furnished();
    const exported = await buildExport(source, { fetchImpl: offline });
    const target = await freshDb();
    const prepared = await prepareImport(target, [await zipFile(exported.blob)], { tools });
    expect(prepared.plan.problems).toEqual([]);
    expect(prepared.plan.counts).toMatchObject({ toysAdded: 3, categoriesAdded: 1, collectionsAdded: 1, rotationsAdded: 3, childrenAdded: 1, photos: 1 });
    expect(prepared.plan.settingsChanges.map(inEnglish)).toEqual(expect.arrayContaining(["First child's name: not set → Mia", 'Picking: random → balanced', 'Child added: Leo']));
    await runImport(target, prepared);
    expect(await docsOf(target, 'toys')).toEqual(await docsOf(source, 'toys'));
    expect((await docsOf(target, 'lists')).map((l) => [l.id, l.kind, l.name])).toEqual((await docsOf(source, 'lists')).map((l) => [l.id, l.kind, l.name]));
    const history = (docs: Record<string, unknown>[]) => docs.map((r) => [r.id, r.toyIds, r.childId, r.observations]);
    expect(history(await docsOf(target, 'rotations'))).toEqual(history(await docsOf(source, 'rotations')));
    expect(await importedSettings(target)).toEqual(await importedSettings(source));
    const photoId = (await docsOf(source, 'toys')).find((t) => t.title === 'Duplo')!.mediaId as string;
    const copy = await localPhoto(target.householdId, photoId);
    expect([...new Uint8Array(await copy!.arrayBuffer())]).toEqual([...jpeg(1)]);

    const again = await prepareImport(target, [await zipFile(exported.blob)], { tools });
    expect(again.plan.counts).toMatchObject({ toysAdded: 0, toysUpdated: 0, toysUnchanged: 3, categoriesAdded: 0, collectionsAdded: 0, rotationsAdded: 0, childrenAdded: 0, childrenMerged: 1 });
    expect(again.plan.settingsChanges.map(inEnglish)).toEqual(['Child updated: Leo']);
    await runImport(target, again);
    expect(await docsOf(target, 'toys')).toHaveLength(3);
    expect(await importedSettings(target)).toEqual(await importedSettings(source));
  });

  it('keeps a photo byte for byte only when it comes from an export zip, hashes to its name and has no metadata; shrinks every other', async () => {
    const clean = jpeg(7);
    const withGps = jpeg(8, exifGps);
    const cleanId = await sha256Hex(clean.buffer as ArrayBuffer);
    const gpsId = await sha256Hex(withGps.buffer as ArrayBuffer);
    const renamed = 'b'.repeat(64);
    const toyWith = (id: string, title: string, mediaId: string) => ({
      id, title, categoryId: 'uncategorized', caption: '', mediaId, collectionIds: [], excluded: false, favorite: false, createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null,
    });
    const zip = zipSync({
      'toy-rotation.json': strToU8(JSON.stringify({
        format: 'toy-rotation-export', version: 1,
        collections: { toys: [toyWith('a', 'Clean', cleanId), toyWith('b', 'Gps', gpsId), toyWith('c', 'Renamed', renamed)], lists: [], settings: [], rotations: [] },
      })),
      [`photos/${cleanId}.jpg`]: clean,
      [`photos/${gpsId}.jpg`]: withGps,
      [`photos/${renamed}.jpg`]: jpeg(9),
    });
    const db = await freshDb();
    const prepared = await prepareImport(db, [file(zip, 'export.zip')], { tools });
    const bytesOf = async (title: string) => {
      const toy = prepared.plan.toys.find((t) => t.doc.title === title)!;
      return new Uint8Array(await prepared.photos.get(toy.doc.mediaId!)!.arrayBuffer());
    };
    expect([...(await bytesOf('Clean'))]).toEqual([...clean]);
    expect(wasShrunk(await bytesOf('Gps'))).toBe(true);
    expect(wasShrunk(await bytesOf('Renamed'))).toBe(true);

    // A CSV's photo is always shrunk, even one that is already small and clean.
    const csv = await prepareImport(db, [file(strToU8('Title,Photo\nKite,kite.jpg'), 'toys.csv'), file(zipSync({ 'kite.jpg': clean }), 'photos.zip')], { tools });
    expect(wasShrunk(new Uint8Array(await [...csv.photos.values()][0]!.arrayBuffer()))).toBe(true);
  });

  it('checks the size of a picked file before reading it', async () => {
    const db = await freshDb();
    const huge = (name: string, bytes: number) => {
      const picked = file(new Uint8Array(1), name);
      Object.defineProperty(picked, 'size', { value: bytes });
      Object.defineProperty(picked, 'arrayBuffer', { value: () => Promise.reject(new Error('read a file that is too large')) });
      return picked;
    };
    await expect(prepareImport(db, [huge('big.zip', 301 * 1024 * 1024)], { tools })).rejects.toThrow('The zip file big.zip is larger than 300 MB, the most an import reads.');
    await expect(prepareImport(db, [huge('big.csv', 21 * 1024 * 1024)], { tools })).rejects.toThrow('big.csv is larger than 20 MB, the most an import reads.');
  });

  it('a failed write leaves nothing: the documents are undone and the photos are never stored', async () => {
    const source = await furnished();
    const exported = await buildExport(source, { fetchImpl: offline });
    const target = await freshDb();
    const prepared = await prepareImport(target, [await zipFile(exported.blob)], { tools });
    const before = await Promise.all(SYNC_TABLES.map((name) => docsOf(target, name)));
    // The last rotation arrives meanwhile (another device imported it): its insert fails.
    await target.rotations.insert(prepared.plan.rotations.at(-1)!);
    const withRotation = await Promise.all(SYNC_TABLES.map((name) => docsOf(target, name)));
    await expect(runImport(target, prepared)).rejects.toThrow(/Nothing was imported: 1 rotations could not be stored/);
    expect(await Promise.all(SYNC_TABLES.map((name) => docsOf(target, name)))).toEqual(withRotation);
    expect(before[0]).toEqual([]);
    const photoId = prepared.plan.toys.find((t) => t.doc.title === 'Duplo')!.doc.mediaId!;
    expect(await localPhoto(target.householdId, photoId)).toBeNull();
  });

  it('a CSV with a zip of photos: merges lists by name, lists problem rows, and a CSV seen twice adds nothing', async () => {
    const db = await freshDb();
    await addList(db, 'category', 'Blocks');
    const csv = strToU8('\uFEFFTitle,Category,Collections,Photo,Kept\nDuplo,blocks,Bedroom; Car,duplo.jpg,yes\nKite,,,,\n,Blocks,,,\n');
    const photos = zipSync({ 'pics/duplo.jpg': jpeg(4) });
    const first = await prepareImport(db, [file(csv, 'toys.csv', 'text/csv'), file(photos, 'photos.zip')], { tools });
    expect(first.plan.problems).toMatchObject([{ row: 4, where: 'row 4', reason: 'The title is empty.' }]);
    expect(first.plan.counts).toMatchObject({ toysAdded: 2, categoriesAdded: 0, categoriesMerged: 1, collectionsAdded: 2 });
    await expect(runImport(db, first)).rejects.toThrow(/Nothing was imported/);
    expect(await db.toys.count().exec()).toBe(0);

    const fixed = strToU8('Title,Category,Collections,Photo,Kept\nDuplo,blocks,Bedroom; Car,duplo.jpg,yes\nKite,,,,\n');
    await runImport(db, await prepareImport(db, [file(fixed, 'toys.csv'), file(photos, 'photos.zip')], { tools }));
    const toys = await docsOf(db, 'toys');
    expect(toys.map((t) => [t.title, t.favorite, t.mediaId !== null])).toEqual(expect.arrayContaining([['Duplo', true, true], ['Kite', false, false]]));
    const twice = await prepareImport(db, [file(fixed, 'toys.csv'), file(photos, 'photos.zip')], { tools });
    expect(twice.plan.counts).toMatchObject({ toysAdded: 0, toysAlreadyThere: 2, collectionsAdded: 0, collectionsMerged: 2 });
  });

  it('refuses past the plan limit with a clear message', async () => {
    const db = await freshDb();
    const rows = Array.from({ length: 101 }, (_, i) => `Toy ${i}`).join('\n');
    const prepared = await prepareImport(db, [file(strToU8(`Title\n${rows}`), 'toys.csv')], { tools });
    expect(prepared.plan.problems.map((p) => p.reason)).toEqual([
      'This import adds 101 toys; with the 0 you have (retired toys do not count), that is more than the 100 toys the Free plan allows. Remove some rows or upgrade, then import again.',
    ]);
  });

  describe('hostile files: a readable error and nothing written', () => {
    const exportJson = (version: number, toys: unknown[] = []) =>
      strToU8(JSON.stringify({ format: 'toy-rotation-export', version, collections: { toys, lists: [], settings: [], rotations: [] } }));
    const bad = 'd'.repeat(64);
    const toy = { id: 'x', title: 'X', categoryId: 'uncategorized', caption: '', mediaId: bad, collectionIds: [], excluded: false, favorite: false, createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null };
    it.each([
      ['a zip bomb', () => file(zipSync({ 'toy-rotation.json': exportJson(1), 'photos/x.jpg': new Uint8Array(16 * 1024 * 1024) }), 'a.zip'), /unpacks to more than 15 MB/],
      ['a zip-slip path', () => file(zipSync({ 'toy-rotation.json': exportJson(1), '../x.jpg': jpeg(1) }), 'a.zip'), /path outside its folder/],
      ['a CSV with 100,000 rows', () => file(strToU8('Title\n' + 'Toy\n'.repeat(100_000)), 'big.csv'), /more than 5,000 rows/],
      ['a CSV in UTF-16', () => file(new Uint8Array([0xff, 0xfe, 0x54, 0, 0x69, 0]), 'toys.csv'), /UTF-16/],
      ['a CSV in Windows-1252', () => file(new Uint8Array([...strToU8('Title\nCaf'), 0xe9]), 'toys.csv'), /not UTF-8/],
      ['a future format', () => file(zipSync({ 'toy-rotation.json': exportJson(7) }), 'a.zip'), /newer version of Toy Rotation/],
      ['a picture of another kind', () => file(strToU8('GIF89a'), 'toy.gif'), /Pick a zip made by export, or a CSV file/],
    ])('%s', async (_name, make, message) => {
      const db = await freshDb();
      await expect(prepareImport(db, [make()], { tools })).rejects.toThrow(message);
      expect(await db.toys.count().exec()).toBe(0);
    });

    it('a photo that is not an image', async () => {
      const db = await freshDb();
      const zip = file(zipSync({ 'toy-rotation.json': exportJson(1, [toy]), [`photos/${bad}.jpg`]: strToU8('<html>') }), 'a.zip');
      const prepared = await prepareImport(db, [zip], { tools });
      expect(prepared.plan.problems).toMatchObject([{ row: null, where: `photos/${bad}.jpg`, reason: 'It is not a JPEG or PNG image.' }]);
      await expect(runImport(db, prepared)).rejects.toThrow(/Nothing was imported/);
      expect(await db.toys.count().exec()).toBe(0);
      expect(await localPhoto(db.householdId, bad)).toBeNull();
    });
  });
});
