import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SYNC_TABLES } from '../schemas/docs.js';
import { isCleanJpeg } from './clean-jpeg.js';
import { parseToysCsv, toysCsv } from './csv.js';
import { EXPORT_FORMAT_VERSION, exportJson, IMPORT_LIMITS, ImportFileError, parseExportJson, photosOfToys } from './format.js';
import { list, settings, toy } from './test-fixtures.js';
import { readZip, safeEntryName, zipWriter } from './zip.js';

// The export format: the JSON, zips read defensively, toys.csv, clean photos (decision 020).
// Planning an import: import-plan.test.ts.

describe('export JSON', () => {
  it('carries every synced collection, so a collection added to the shared list is exported too', () => {
    const json = exportJson({ toys: [toy()], lists: [], settings: [settings], rotations: [] }, 0);
    expect(Object.keys(json.collections).sort()).toEqual([...SYNC_TABLES].sort());
    expect(json.version).toBe(EXPORT_FORMAT_VERSION);
    expect(json.collections.toys[0]).toEqual(toy());
  });

  it('drops replication fields but keeps every data field', () => {
    const json = exportJson({ toys: [{ ...toy(), _deleted: false, _meta: { lwt: 1 }, _rev: '1-a' } as never], lists: [], settings: [], rotations: [] }, 0);
    expect(json.collections.toys[0]).toEqual(toy());
  });

  it('refuses a future format version with a readable message', () => {
    const text = JSON.stringify({ format: 'toy-rotation-export', version: EXPORT_FORMAT_VERSION + 1, collections: {} });
    expect(() => parseExportJson(text)).toThrow(/newer version of Toy Rotation \(format 2\).*update the app/);
  });

  it('refuses what is not an export', () => {
    expect(() => parseExportJson('{"hello": 1}')).toThrow(ImportFileError);
    expect(() => parseExportJson('not json')).toThrow(/not valid JSON/);
  });

  it('reports each bad document as a problem with its number', () => {
    const text = JSON.stringify({ format: 'toy-rotation-export', version: 1, collections: { toys: [toy(), { ...toy(), title: '' }] } });
    const parsed = parseExportJson(text);
    expect(parsed.docs.toys).toHaveLength(1);
    expect(parsed.problems).toMatchObject([{ row: 2, where: 'toys #2', reason: 'title: Title is required' }]);
  });
});

describe('reading a zip', () => {
  it('refuses paths outside the zip folder (zip-slip)', () => {
    for (const name of ['../evil.txt', 'photos/../../evil', '/etc/passwd', 'C:/x', 'a\\..\\b']) expect(safeEntryName(name)).toBe(false);
    expect(safeEntryName('photos/abc.jpg')).toBe(true);
    const zip = zipSync({ 'toy-rotation.json': strToU8('{}'), '../../evil.sh': strToU8('rm -rf /') });
    expect(() => readZip(zip)).toThrow(/path outside its folder \("..\/..\/evil.sh"\)/);
  });

  it('refuses a zip bomb by its declared size', () => {
    const zip = zipSync({ 'photos/bomb.jpg': new Uint8Array(IMPORT_LIMITS.photoBytes + 1) });
    expect(() => readZip(zip)).toThrow(/unpacks to more than 15 MB.*zip bomb/);
  });

  it('stops a zip bomb that lies about its size while inflating', () => {
    const zip = zipSync({ 'photos/bomb.jpg': new Uint8Array(IMPORT_LIMITS.photoBytes + 4 * 1024 * 1024) });
    // Declare 100 bytes in the local header (offset 22) and in the central directory.
    const view = new DataView(zip.buffer);
    view.setUint32(22, 100, true);
    const central = zip.findIndex((_, i) => zip[i] === 0x50 && zip[i + 1] === 0x4b && zip[i + 2] === 0x01 && zip[i + 3] === 0x02);
    view.setUint32(central + 24, 100, true);
    expect(() => readZip(zip)).toThrow(/"photos\/bomb.jpg" unpacks to more than 15 MB/);
  });

  it('refuses a file that is not a zip', () => {
    expect(() => readZip(strToU8('Title\nBall'))).toThrow('This file is not a zip file.');
  });

  it('reads back what zipWriter wrote', () => {
    const chunks: Uint8Array[] = [];
    const writer = zipWriter((chunk) => chunks.push(chunk));
    writer.addText('toys.csv', 'a,b');
    writer.addBinary('photos/x.jpg', new Uint8Array([0xff, 0xd8, 0xff, 1, 2]));
    writer.end();
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
    chunks.reduce((at, c) => (bytes.set(c, at), at + c.length), 0);
    const files = readZip(bytes);
    expect(new TextDecoder().decode(files.get('toys.csv'))).toBe('a,b');
    expect([...(files.get('photos/x.jpg') ?? [])]).toEqual([0xff, 0xd8, 0xff, 1, 2]);
  });
});

describe('toys.csv', () => {
  const lists = [list({ id: 'cat-1', kind: 'category', name: 'Blocks' }), list({ id: 'col-1', kind: 'collection', name: 'Bedroom' })];

  it('is UTF-8 with a BOM, every field quoted, formulas neutralised', () => {
    const csv = toysCsv([toy({ title: '=HYPERLINK("x")', caption: '+1', location: '@shelf', categoryId: 'cat-1', collectionIds: ['col-1'], favorite: true, mediaId: 'a'.repeat(64) })], lists);
    expect(csv.startsWith('\uFEFF"Title","Category","Notes","Collections","Storage place","Status","Kept","Excluded","Created","Photo"\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x"")","Blocks","'+1","Bedroom","'@shelf","active","yes","no","2023-11-14T22:13:20.000Z","photos/${'a'.repeat(64)}.jpg"`);
  });

  it("keeps a value's own leading apostrophe through a round trip", () => {
    const values = ["'=not a formula", "''+1", "'hello", "'", '=1+1'];
    const csv = toysCsv(values.map((title, i) => toy({ id: `t${i}`, title })), lists);
    expect(csv).toContain(`"''=not a formula"`);
    expect(parseToysCsv(strToU8(csv)).toys.map((t) => t.title)).toEqual(values);
  });

  it('reads back what it wrote (the apostrophe goes again)', () => {
    const csv = toysCsv([toy({ title: '-Minus', caption: 'Line 1\nLine 2, "quoted"', categoryId: 'cat-1', collectionIds: ['col-1'], excluded: true, retired: true })], lists);
    const parsed = parseToysCsv(strToU8(csv));
    expect(parsed.problems).toEqual([]);
    expect(parsed.toys[0]).toMatchObject({ title: '-Minus', caption: 'Line 1\nLine 2, "quoted"', category: 'Blocks', collections: ['Bedroom'], excluded: true, retired: true, favorite: false, createdAt: 1_700_000_000_000 });
  });

  it('refuses 100,000 rows with a readable error', () => {
    const text = 'Title\n' + Array.from({ length: 100_000 }, (_, i) => `Toy ${i}`).join('\n');
    expect(() => parseToysCsv(strToU8(text), 'toys.csv')).toThrow('toys.csv has more than 5,000 rows. Import at most 5,000 toys at a time.');
  });

  it('refuses UTF-16 and Latin-1 text with a readable error', () => {
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('Title\nBall').flatMap((c) => [c.charCodeAt(0), 0])]);
    expect(() => parseToysCsv(utf16, 'toys.csv')).toThrow(/saved as UTF-16.*CSV UTF-8/);
    const latin1 = new Uint8Array([...strToU8('Title\nCaf'), 0xe9]);
    expect(() => parseToysCsv(latin1, 'toys.csv')).toThrow(/not UTF-8 text.*CSV UTF-8/);
  });

  it('lists every bad row with its row number and reason', () => {
    const parsed = parseToysCsv(strToU8('Title,Kept,Excluded,Created\nBall,yes,no,2024-01-01\n,no,no,\nCar,maybe,no,\nTrain,yes,yes,\nBoat,no,no,yesterday'));
    expect(parsed.toys.map((t) => t.title)).toEqual(['Ball']);
    expect(parsed.problems).toMatchObject([
      { row: 3, where: 'row 3', reason: 'The title is empty.' },
      { row: 4, where: 'row 4', reason: 'Kept must be yes or no, not "maybe".' },
      { row: 5, where: 'row 5', reason: 'A toy cannot be both kept and excluded.' },
      { row: 6, where: 'row 6', reason: '"yesterday" is not a date (use 2026-01-31).' },
    ]);
  });

  it('needs a Title column', () => {
    expect(() => parseToysCsv(strToU8('Name\nBall'))).toThrow(/no "Title" column/);
  });
});

describe('limits of a zip', () => {
  it(`refuses a zip that declares more than ${IMPORT_LIMITS.unpackedBytes / 1024 / 1024} MB in all before inflating anything`, () => {
    // 27 small files whose directory says 15 MB each (405 MB): each is within the photo limit.
    const zip = zipSync(Object.fromEntries(Array.from({ length: 27 }, (_, i) => [`photos/${i}.jpg`, new Uint8Array(10)])), { level: 0 });
    const view = new DataView(zip.buffer);
    for (let i = 0; i + 4 <= zip.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, IMPORT_LIMITS.photoBytes, true);
    }
    expect(() => readZip(zip)).toThrow('The zip file unpacks to more than 400 MB; it was not read (it may be a zip bomb).');
  });

  it('stops at the total while inflating, when the sizes declared are small', () => {
    const zip = zipSync({ 'a.jpg': new Uint8Array(600_000), 'b.jpg': new Uint8Array(600_000) });
    const view = new DataView(zip.buffer);
    for (let i = 0; i + 4 <= zip.length; i++) {
      const signature = view.getUint32(i, true);
      if (signature === 0x04034b50) view.setUint32(i + 22, 10, true);
      if (signature === 0x02014b50) view.setUint32(i + 24, 10, true);
    }
    const limits = { entries: 10, unpackedBytes: 1_000_000, entryBytes: () => 1_000_000 };
    expect(() => readZip(zip, limits)).toThrow('The zip file unpacks to more than 1 MB');
    expect(readZip(zipSync({ 'a.jpg': new Uint8Array(400_000), 'b.jpg': new Uint8Array(400_000) }), limits).size).toBe(2);
  });
});

describe('a clean JPEG (kept byte for byte when its bytes hash to its id)', () => {
  const segment = (marker: number, data: number[]) => [0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data];
  const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
  const jpeg = (...segments: number[][]) =>
    new Uint8Array([0xff, 0xd8, ...segments.flat(), ...segment(0xdb, [0, 1]), ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), ...segment(0xda, [1, 1, 0, 0, 63, 0]), 0x12, 0xff, 0x00, 0xff, 0xd0, 0x34, 0xff, 0xd9]);

  it('is only the image: JFIF, colour profile, tables, frame, scans, and nothing after its end', () => {
    expect(isCleanJpeg(jpeg(segment(0xe0, ascii('JFIF\0..')), segment(0xe2, ascii('ICC_PROFILE\0..'))))).toBe(true);
    expect(isCleanJpeg(jpeg(segment(0xe1, ascii('Exif\0\0GPS'))))).toBe(false);
    expect(isCleanJpeg(jpeg(segment(0xe0, ascii('JFIF\0')), segment(0xfe, ascii('a comment'))))).toBe(false);
    expect(isCleanJpeg(new Uint8Array([...jpeg(segment(0xe0, ascii('JFIF\0'))), ...ascii('<html>')]))).toBe(false);
    expect(isCleanJpeg(jpeg(segment(0xe0, ascii('JFIF\0'))).slice(0, -2))).toBe(false);
    expect(isCleanJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});

describe('the photos of an export', () => {
  it('are each photo once, with the toys that show it (the JSON names them when one is missing)', () => {
    const [a, b] = ['a'.repeat(64), 'b'.repeat(64)];
    expect(photosOfToys([toy({ title: 'Kite', mediaId: a }), toy({ title: 'Ball' }), toy({ title: 'Drum', mediaId: a }), toy({ title: 'Car', mediaId: b })])).toEqual(
      new Map([[a, ['Kite', 'Drum']], [b, ['Car']]]),
    );
    expect(exportJson({ toys: [], lists: [], settings: [], rotations: [] }, 0).missingPhotos).toEqual([]);
  });
});
