import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZip } from '../../shared/export/zip.js';
import type { Plan } from '../../shared/domain/plans.js';
import { mediaId } from '../services/media/media-store.js';
import { dataUrl, makeJpeg, makePng } from '../test-support/test-images.js';
import { apiClient, insertToys } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { asHouseholdId } from '../db/schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newUser(plan: Plan = 'free') {
  const user = await seedUser(t.deps, { plan });
  return { ...user, api: apiClient(t, user.token) };
}

async function exportOf(token: string): Promise<{ status: number; type: string | null; files: Map<string, Uint8Array> }> {
  const res = await t.app.request('/api/private/export', { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, type: res.headers.get('content-type'), files: res.status === 200 ? readZip(bytes) : new Map() };
}

async function importZip(token: string, zip: Uint8Array, type = 'application/zip') {
  const res = await t.app.request('/api/private/import', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: zip as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const json = (files: Map<string, Uint8Array>) => JSON.parse(new TextDecoder().decode(files.get('toy-rotation.json'))) as Record<string, any>;
const zipOf = (files: Map<string, Uint8Array>) => zipSync(Object.fromEntries(files));

async function stored(userId: string) {
  const toys = await t.db.selectFrom('toys').select('id').where('household_id', '=', asHouseholdId(userId)).execute();
  const lists = await t.db.selectFrom('lists').select('id').where('household_id', '=', asHouseholdId(userId)).execute();
  const media = await t.db.selectFrom('media').select('id').where('household_id', '=', asHouseholdId(userId)).execute();
  const rotations = await t.db.selectFrom('rotations').select('id').where('household_id', '=', asHouseholdId(userId)).execute();
  return { toys: toys.length, lists: lists.length, media: media.length, rotations: rotations.length };
}

/**
 * An account with photos, a category, a collection, two children with their own schedules,
 * the rotation options, and a rotation history with observations.
 */
async function furnishedAccount() {
  const user = await newUser('paid');
  const { api } = user;
  expect((await api.put('updateSettings', { toyTypes: ['Uncategorized', 'Blocks'] })).status).toBe(200);
  const added = await api.post('addToy', { data: dataUrl(makeJpeg(30, 20, { seed: 1 })), title: 'Duplo', type: 'Blocks', caption: '=SUM(A1)' });
  expect(added.status).toBe(200);
  await api.post('addToy', { data: dataUrl(makePng(10, 10, 2), 'image/png'), title: 'Train' });
  await api.post('addToy', { title: 'Ball', data: dataUrl(makeJpeg(8, 8, { seed: 3 })) });
  expect((await api.put('updateSettings', { toysBaskets: ['Bedroom'] })).status).toBe(200);
  expect((await api.put('updateBasket', { ids: [added.body.toy._id], basket: 'Bedroom' })).status).toBe(200);
  await api.put('updateToyRotationNumber', { rotationToysNumber: 2 });
  expect((await api.put('updateChild/first-child', { name: 'Mia', birthMonth: 3, birthYear: 2022 })).status).toBe(200);
  const leo = await api.post('addChild', { name: 'Leo', birthYear: 2020, rotationToysNumber: 1, rotationIntervalDays: 3 });
  expect(leo.status).toBe(200);
  expect((await api.put(`updateToyChildren/${added.body.toy._id}`, { childIds: [leo.body.id] })).status).toBe(200);
  expect((await api.put('updateSettings', { rotationMode: 'balanced', rotationIntervalDays: 7, reminderEmail: true, timeZone: 'Europe/Paris' })).status).toBe(200);
  await api.get('pickRandomToys');
  await api.get('pickRandomToys');
  const forLeo = await api.post(`rotateChild/${leo.body.id}`);
  expect(forLeo.status).toBe(200);
  expect((await api.put(`observeToy/${forLeo.body.rotationId}`, { toyId: forLeo.body.toyIds[0], observation: 'lot' })).status).toBe(200);
  return user;
}

/** The settings an import carries over (plan, limits and the household id are the account's own). */
const importedSettings = ({ id: _id, plan: _plan, toysLimit: _t, collectionsLimit: _c, ...rest }: Record<string, unknown>) => rest;

describe('GET /api/private/export', () => {
  it('needs a session', async () => {
    expect((await t.app.request('/api/private/export')).status).toBe(401);
    expect((await t.app.request('/api/private/import', { method: 'POST' })).status).toBe(401);
  });

  it('streams one zip with the JSON of every collection, the CSV and each photo once, as stored', async () => {
    const user = await furnishedAccount();
    const { status, type, files } = await exportOf(user.token);
    expect(status).toBe(200);
    expect(type).toBe('application/zip');
    const data = json(files);
    expect(data).toMatchObject({ format: 'toy-rotation-export', version: 1 });
    expect(Object.keys(data.collections).sort()).toEqual(['lists', 'rotations', 'settings', 'toys']);
    expect(data.collections.toys).toHaveLength(3);
    expect(data.collections.rotations).toHaveLength(3);
    expect(data.missingPhotos).toEqual([]);
    expect(data.collections.settings[0]).toMatchObject({ id: user.userId, rotationToysNumber: 2, plan: 'paid' });
    const photos = [...files.keys()].filter((name) => name.startsWith('photos/'));
    expect(photos).toHaveLength(3);
    for (const name of photos) {
      const id = name.slice('photos/'.length, -'.jpg'.length);
      expect(Buffer.from(files.get(name) as Uint8Array).equals(Buffer.from((await t.deps.media.get(id)) as Uint8Array))).toBe(true);
    }
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(files.get('toys.csv'));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`"Duplo","Blocks","'=SUM(A1)","Bedroom"`);
  });
});

describe('GET /api/private/export of a photo the server cannot find', () => {
  it('leaves it out and lists it, with its toys, in the JSON', async () => {
    const user = await newUser();
    const bytes = makeJpeg(4, 4, { seed: 77 });
    const lost = mediaId(bytes);
    await insertToys(t.deps, user.userId, 2, (i) => ({ media_id: lost, title: `Kite ${i}` }));
    const { status, files } = await exportOf(user.token);
    expect(status).toBe(200);
    expect(files.has(`photos/${lost}.jpg`)).toBe(false);
    const missing = json(files).missingPhotos as { mediaId: string; toys: string[] }[];
    expect(missing.map((photo) => ({ ...photo, toys: [...photo.toys].sort() }))).toEqual([{ mediaId: lost, toys: ['Kite 0', 'Kite 1'] }]);
  });
});

describe('GET /api/private/export of a full paid account', () => {
  it('streams 500 toys with their 500 photos', async () => {
    const user = await newUser('paid');
    const photos = Array.from({ length: 500 }, (_, i) => makeJpeg(4, 4, { seed: i }));
    const ids = photos.map((bytes) => mediaId(bytes));
    for (const [i, bytes] of photos.entries()) await t.deps.media.put(ids[i] as string, bytes, 'image/jpeg');
    const row = (id: string) => ({ household_id: asHouseholdId(user.userId), id, mime: 'image/jpeg', bytes: 1, width: 4, height: 4, created_at: 1 });
    await t.db.insertInto('media').values([...new Set(ids)].map(row)).execute(); // as an upload records them
    await insertToys(t.deps, user.userId, 500, (i) => ({ media_id: ids[i] as string, title: `Toy ${i}` }));
    const { status, files } = await exportOf(user.token);
    expect(status).toBe(200);
    expect(json(files).collections.toys).toHaveLength(500);
    expect([...files.keys()].filter((name) => name.startsWith('photos/'))).toHaveLength(new Set(ids).size);
    expect(new TextDecoder().decode(files.get('toys.csv')).trim().split('\r\n')).toHaveLength(501);
  });
});

describe('GET /api/private/export with a photo not stored', () => {
  it('finishes when a toy points at a photo not uploaded yet (the stream must not stall)', async () => {
    const user = await newUser('paid');
    await insertToys(t.deps, user.userId, 2, (i) => ({ media_id: `${i}`.repeat(64) }));
    const { status, files } = await exportOf(user.token);
    expect(status).toBe(200);
    expect(json(files).collections.toys).toHaveLength(2);
    expect([...files.keys()].filter((name) => name.startsWith('photos/'))).toEqual([]);
  });
});

describe('POST /api/private/import', () => {
  it('round trip: a fresh account gets the identical inventory, byte-identical photos and the history', async () => {
    const source = await furnishedAccount();
    const exported = await exportOf(source.token);
    const fresh = await newUser('paid');
    const answer = await importZip(fresh.token, zipOf(exported.files));
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toMatchObject({ toysAdded: 3, toysUpdated: 0, categoriesAdded: 1, collectionsAdded: 1, rotationsAdded: 3, childrenAdded: 1, photos: 3 });
    expect(answer.body.settingsChanges).toEqual(expect.arrayContaining(["First child's name: not set → Mia", 'Picking: random → balanced', 'Child added: Leo']));

    const again = await exportOf(fresh.token);
    const [a, b] = [json(exported.files).collections, json(again.files).collections];
    // Identical inventory; who added and changed each toy is the importing member (issue 13).
    const withoutWho = (toys: any[]) => toys.map(({ createdBy: _c, updatedBy: _u, ...toy }) => toy);
    expect(withoutWho(b.toys)).toEqual(withoutWho(a.toys));
    for (const toy of b.toys) expect(toy).toMatchObject({ createdBy: fresh.userId, updatedBy: fresh.userId });
    expect(b.lists.map((l: any) => [l.id, l.kind, l.name])).toEqual(a.lists.map((l: any) => [l.id, l.kind, l.name]));
    const history = (rotations: any[]) => rotations.map((r: any) => [r.id, r.toyIds, r.createdAt, r.childId, r.observations]);
    expect(history(b.rotations)).toEqual(history(a.rotations));
    expect(importedSettings(b.settings[0])).toEqual(importedSettings(a.settings[0]));
    expect(Object.values(b.settings[0].children)).toEqual([expect.objectContaining({ name: 'Leo', rotationIntervalDays: 3 })]);
    const photos = [...exported.files.keys()].filter((name) => name.startsWith('photos/')).sort();
    expect([...again.files.keys()].filter((name) => name.startsWith('photos/')).sort()).toEqual(photos);
    for (const name of photos) expect(Buffer.from(again.files.get(name) as Uint8Array).equals(Buffer.from(exported.files.get(name) as Uint8Array))).toBe(true);
    // The current rotation stays the current one.
    expect((await fresh.api.get('getuserrandomtoys')).body.map((toy: any) => toy._id).sort()).toEqual(
      (await source.api.get('getuserrandomtoys')).body.map((toy: any) => toy._id).sort(),
    );

    // Importing the same zip again duplicates nothing.
    const before = await stored(fresh.userId);
    const twice = await importZip(fresh.token, zipOf(exported.files));
    expect(twice.status).toBe(200);
    expect(twice.body.counts).toMatchObject({ toysAdded: 0, toysUpdated: 0, toysUnchanged: 3, categoriesAdded: 0, categoriesMerged: 1, collectionsMerged: 1, rotationsAdded: 0, childrenAdded: 0, childrenMerged: 1 });
    expect(await stored(fresh.userId)).toEqual(before);
    expect(importedSettings(json((await exportOf(fresh.token)).files).collections.settings[0])).toEqual(importedSettings(a.settings[0]));
  });

  it('round trip after the source photos are gone (household deleted, another server): photos made in the app come back byte for byte under their ids', async () => {
    // An export made in the app: photos as the device shrank them, named by the hash of their bytes.
    const photos = [makeJpeg(40, 30, { seed: 11 }), makeJpeg(20, 20, { seed: 12 })];
    const ids = photos.map((bytes) => mediaId(bytes));
    const toyJson = (i: number) => ({
      id: `toy-${i}`, title: `Toy ${i}`, categoryId: 'uncategorized', caption: '', mediaId: ids[i], collectionIds: [], excluded: false, favorite: false,
      createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null,
    });
    const appZip = zipSync({
      'toy-rotation.json': strToU8(JSON.stringify({ format: 'toy-rotation-export', version: 1, collections: { toys: [toyJson(0), toyJson(1)], lists: [], settings: [], rotations: [] } })),
      [`photos/${ids[0]}.jpg`]: photos[0] as Uint8Array,
      [`photos/${ids[1]}.jpg`]: photos[1] as Uint8Array,
    });
    const first = await newUser();
    expect((await importZip(first.token, appZip)).status).toBe(200);
    const exported = await exportOf(first.token);
    for (const [i, id] of ids.entries()) expect(Buffer.from(exported.files.get(`photos/${id}.jpg`) as Uint8Array).equals(Buffer.from(photos[i] as Uint8Array))).toBe(true);

    // The first account's photos go, rows and files.
    await t.db.deleteFrom('media').where('id', 'in', ids).execute();
    for (const id of ids) await t.deps.media.delete(id);

    const second = await newUser();
    expect((await importZip(second.token, zipOf(exported.files))).status).toBe(200);
    const again = await exportOf(second.token);
    expect(json(again.files).collections.toys.map((toy: any) => toy.mediaId)).toEqual(ids);
    for (const id of ids) expect(Buffer.from(again.files.get(`photos/${id}.jpg`) as Uint8Array).equals(Buffer.from(exported.files.get(`photos/${id}.jpg`) as Uint8Array))).toBe(true);
  });

  it('re-encodes a photo with camera metadata, and one that does not hash to its name, never storing bytes under another id', async () => {
    const exifData = Buffer.from('Exif\0\0GPS 48N 2E');
    const exif = [0xff, 0xe1, 0, exifData.length + 2, ...exifData];
    const plain = makeJpeg(16, 16, { seed: 21 });
    const withGps = new Uint8Array([0xff, 0xd8, ...exif, ...plain.subarray(2)]);
    const gpsId = mediaId(withGps);
    const other = makeJpeg(16, 16, { seed: 22 });
    const claimed = 'f'.repeat(64);
    const toyJson = (id: string, mediaIdOfToy: string) => ({
      id, title: id, categoryId: 'uncategorized', caption: '', mediaId: mediaIdOfToy, collectionIds: [], excluded: false, favorite: false,
      createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null,
    });
    const zip = zipSync({
      'toy-rotation.json': strToU8(JSON.stringify({ format: 'toy-rotation-export', version: 1, collections: { toys: [toyJson('gps', gpsId), toyJson('claimed', claimed)], lists: [], settings: [], rotations: [] } })),
      [`photos/${gpsId}.jpg`]: withGps,
      [`photos/${claimed}.jpg`]: other,
    });
    const user = await newUser();
    expect((await importZip(user.token, zip)).status).toBe(200);
    const toys = json((await exportOf(user.token)).files).collections.toys;
    expect(toys.find((toy: any) => toy.id === 'gps').mediaId).toBe(gpsId);
    expect(toys.find((toy: any) => toy.id === 'claimed').mediaId).toBe(mediaId(other));
    const storedGps = (await t.deps.media.get(gpsId)) as Uint8Array;
    expect(Buffer.from(storedGps).includes(Buffer.from('GPS'))).toBe(false);
    expect(await t.deps.media.get(claimed)).toBeNull();
  });

  it('respects the plan limit with a clear message and writes nothing', async () => {
    const source = await newUser('paid');
    await insertToys(t.deps, source.userId, 5, (i) => ({ title: `Imported ${i}` }));
    const exported = await exportOf(source.token);
    const full = await newUser('free');
    await insertToys(t.deps, full.userId, 98);
    const before = await stored(full.userId);
    const answer = await importZip(full.token, zipOf(exported.files));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/Nothing was imported\. Plan limit: This import adds 5 toys; with the 98 you have \(retired toys do not count\), that is more than the 100 toys the Free plan allows/);
    expect(await stored(full.userId)).toEqual(before);
  });

  it('counts only toys in use: 100 in use and 30 retired go into a fresh free account', async () => {
    const source = await newUser('paid');
    await insertToys(t.deps, source.userId, 130, (i) => ({ title: `Toy ${i}`, ...(i >= 100 ? { retired: 1, retired_reason: 'outgrown', retired_at: 1 } : {}) }));
    const exported = await exportOf(source.token);
    const fresh = await newUser('free');
    const answer = await importZip(fresh.token, zipOf(exported.files));
    expect(answer.body).toMatchObject({ counts: { toysAdded: 130 } });
    expect(answer.status).toBe(200);
    expect((await fresh.api.get('getusertoys')).body).toHaveLength(100);
  });

  it('runs one import per household at a time: another gets a 429 with Retry-After', async () => {
    const user = await newUser();
    const zip = zipSync({ 'toy-rotation.json': strToU8(JSON.stringify({ format: 'toy-rotation-export', version: 1, collections: {} })) });
    // A body that is sent only when the test says so; reading it starts past the gate.
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let reading!: () => void;
    const readingStarted = new Promise<void>((resolve) => (reading = resolve));
    const slowBody = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          reading();
          await finished;
          controller.enqueue(zip);
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = (body: BodyInit) =>
      t.app.request('/api/private/import', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/zip' },
        body,
        duplex: 'half',
      } as RequestInit);
    const first = request(slowBody);
    await readingStarted;
    const second = await request(zip as Uint8Array<ArrayBuffer>);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('60');
    expect(await second.json()).toEqual({ error: 'An import into this household is already running. Please wait until it has finished, then try again.' });
    // Another household is not held up.
    const other = await newUser();
    expect((await importZip(other.token, zip)).status).toBe(200);
    finish();
    expect((await first).status).toBe(200);
    expect((await importZip(user.token, zip)).status).toBe(200);
  });

  it('refuses a zip larger than the app accepts, saying how large it may be', async () => {
    const user = await newUser();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 300) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await t.app.request('/api/private/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/zip' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'The zip file is too large (300 MB at most).' });
    // The refused import left the household free for the next one.
    expect((await importZip(user.token, zipSync({ 'toy-rotation.json': strToU8(JSON.stringify({ format: 'toy-rotation-export', version: 1, collections: {} })) }))).status).toBe(200);
  });

  describe('hostile files: a readable error, and nothing is written', () => {
    const exportJson = (version = 1, toys: unknown[] = []) =>
      strToU8(JSON.stringify({ format: 'toy-rotation-export', version, exportedAt: '', collections: { toys, lists: [], settings: [], rotations: [] } }));
    const toy = (mediaId: string | null) => ({
      id: 'toy-x', title: 'Bad', categoryId: 'uncategorized', caption: '', mediaId, collectionIds: [], excluded: false, favorite: false,
      createdAt: 1, lastRotatedAt: null, location: null, retired: false, feedback: null,
    });
    const lying = () => {
      // The bomb first, declaring 100 bytes in its local header (offset 22) and its central directory entry.
      const zip = zipSync({ 'photos/bomb.jpg': new Uint8Array(20 * 1024 * 1024), 'toy-rotation.json': exportJson() });
      const view = new DataView(zip.buffer);
      view.setUint32(22, 100, true);
      const central = zip.findIndex((_, i) => zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 0x01 && zip[i + 3] === 0x02);
      view.setUint32(central + 24, 100, true);
      return zip;
    };
    const notImage = 'c'.repeat(64);
    it.each([
      ['a zip bomb', () => zipSync({ 'toy-rotation.json': exportJson(), 'photos/bomb.jpg': new Uint8Array(16 * 1024 * 1024) }), /"photos\/bomb.jpg" is larger than 2 MB/],
      ['a zip bomb with lying sizes', lying, /"photos\/bomb.jpg" is larger than 2 MB/],
      ['a path outside the folder', () => zipSync({ 'toy-rotation.json': exportJson(), '../../etc/cron.d/x': strToU8('x') }), /path outside its folder/],
      ['a future format version', () => zipSync({ 'toy-rotation.json': exportJson(2) }), /newer version of Toy Rotation \(format 2\)/],
      ['a photo that is not an image', () => zipSync({ 'toy-rotation.json': exportJson(1, [toy(notImage)]), [`photos/${notImage}.jpg`]: strToU8('<script>alert(1)</script>') }), /photos\/c+\.jpg: Only JPEG and PNG images/],
      ['not a zip', () => strToU8('Title\nBall'), /not a zip file/],
      ['a zip without the export', () => zipSync({ 'toys.csv': strToU8('Title\nBall') }), /pick the CSV file itself/],
    ])('%s', async (_name, make, message) => {
      const user = await newUser();
      const before = await stored(user.userId);
      const answer = await importZip(user.token, make());
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(message);
      expect(await stored(user.userId)).toEqual(before);
    });

    it('refuses another content type', async () => {
      const user = await newUser();
      expect((await importZip(user.token, zipSync({}), 'text/csv')).status).toBe(415);
      // A JSON body is read by the NUL check first; still a 415, never a 500.
      expect((await importZip(user.token, strToU8('[[[]]]'), 'application/json')).status).toBe(415);
    });
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, any> };
    expect(doc.paths['/api/private/import']?.post?.requestBody?.content).toHaveProperty('application/zip');
    expect(doc.paths['/api/private/export']?.get).toBeDefined();
  });
});
