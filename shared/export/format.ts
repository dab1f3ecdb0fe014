import { z } from 'zod';
import { ImportFileError, importProblem, words, type ImportProblem } from './import-words.js';
import {
  listDocSchema,
  PRACTICE_DEFAULTS,
  rotationDocSchema,
  settingsDocSchema,
  SYNC_TABLES,
  toyDocSchema,
  type SyncTable,
} from '../schemas/docs.js';

// The export format (docs/decisions/020-export-import.md), shared by the browser and the
// server so both write and read exactly the same zip:
//   toy-rotation.json  { format, version, exportedAt, collections: { <synced collection>: docs } }
//   photos/<media id>.jpg  each photo once, bytes as stored
//   toys.csv           one row a toy, for spreadsheets

const EXPORT_FORMAT = 'toy-rotation-export';
export const EXPORT_FORMAT_VERSION = 1;
export const EXPORT_JSON_NAME = 'toy-rotation.json';
export const EXPORT_CSV_NAME = 'toys.csv';
const PHOTOS_DIR = 'photos/';

const MB = 1024 * 1024;

/** What an import reads at most; anything larger is refused with a readable message before it is written. */
export const IMPORT_LIMITS = {
  /** The zip file as picked or uploaded. */
  zipBytes: 300 * MB,
  /** Files in the zip (500 toys' photos, the JSON and the CSV, with room). */
  entries: 2_000,
  /** All files unpacked together: checked against the declared sizes and again while inflating. */
  unpackedBytes: 400 * MB,
  /** One photo unpacked (larger ones are not photos this app made; the browser shrinks picked ones). */
  photoBytes: 15 * MB,
  /** toy-rotation.json or a CSV unpacked. */
  textBytes: 20 * MB,
  /** Data rows of a CSV (the largest plan holds 500 toys). */
  csvRows: 5_000,
} as const;

/** Live categories an account can have (the server's per-account cap, QUOTAS.categories in sync-server/services/quotas). */
export const CATEGORIES_CAP = 200;

/**
 * The schema of each synced collection's documents. A collection added to SYNC_TABLES
 * must be added here (the Record type fails the typecheck otherwise), and format.test.ts
 * checks that an export carries every one of them.
 */
const EXPORT_DOC_SCHEMAS: Record<SyncTable, z.ZodObject> = {
  toys: toyDocSchema,
  lists: listDocSchema,
  settings: settingsDocSchema,
  rotations: rotationDocSchema,
};

/**
 * Fields added to the documents after format 1 was first written, with the value a document
 * from before them has: an older export still imports (a reader ignores fields it does not know,
 * so newer exports stay format 1 for older apps).
 */
const ADDED_FIELDS: Partial<Record<SyncTable, Record<string, unknown>>> = PRACTICE_DEFAULTS;

export type ExportDoc = Record<string, unknown> & { id: string };
export type ExportDocs = Record<SyncTable, ExportDoc[]>;

/** A photo a toy names that could not be put into the zip (offline, or gone from storage). */
type MissingPhoto = { mediaId: string; toys: string[] };

export type ExportJson = {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  collections: ExportDocs;
  /** Photos left out of photos/ and the toys that show them (an import warns about each). */
  missingPhotos: MissingPhoto[];
};

/** Replication fields (`_deleted`, `_meta`, `_rev`, ...) are not part of a document's data. */
function withoutReplicationFields(doc: Record<string, unknown>): ExportDoc {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_'))) as ExportDoc;
}

/** The JSON part of an export: every live document of every synced collection, all fields. */
export function exportJson(docs: ExportDocs, exportedAt: number): ExportJson {
  const collections = Object.fromEntries(
    SYNC_TABLES.map((name) => [name, (docs[name] ?? []).map(withoutReplicationFields).sort((a, b) => a.id.localeCompare(b.id))]),
  ) as ExportDocs;
  return { format: EXPORT_FORMAT, version: EXPORT_FORMAT_VERSION, exportedAt: new Date(exportedAt).toISOString(), collections, missingPhotos: [] };
}

/** The photos the toys show, each once, with the titles of the toys that show it. */
export function photosOfToys(toys: readonly { mediaId: string | null; title: string }[]): Map<string, string[]> {
  const photos = new Map<string, string[]>();
  for (const toy of toys) if (toy.mediaId) photos.set(toy.mediaId, [...(photos.get(toy.mediaId) ?? []), toy.title]);
  return photos;
}

export { ImportFileError, type ImportProblem } from './import-words.js';

export type ParsedExport = { docs: ExportDocs; problems: ImportProblem[] };

/** Reads toy-rotation.json: refuses other files and future versions; each bad document is a problem. */
export function parseExportJson(text: string): ParsedExport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ImportFileError(words('jsonInvalid', { file: EXPORT_JSON_NAME }));
  }
  const header = z.object({ format: z.string(), version: z.number() }).safeParse(value);
  if (!header.success || header.data.format !== EXPORT_FORMAT) {
    throw new ImportFileError(words('jsonNotExport', { file: EXPORT_JSON_NAME }));
  }
  if (!Number.isInteger(header.data.version) || header.data.version < 1) {
    throw new ImportFileError(words('jsonUnknownVersion', { file: EXPORT_JSON_NAME, version: String(header.data.version) }));
  }
  if (header.data.version > EXPORT_FORMAT_VERSION) {
    throw new ImportFileError(words('jsonNewerVersion', { version: header.data.version, supported: EXPORT_FORMAT_VERSION }));
  }
  const collections = (value as { collections?: unknown }).collections;
  if (!collections || typeof collections !== 'object') throw new ImportFileError(words('jsonNoCollections', { file: EXPORT_JSON_NAME }));
  const problems: ImportProblem[] = [];
  const docs = {} as ExportDocs;
  for (const name of SYNC_TABLES) {
    const list = (collections as Record<string, unknown>)[name] ?? [];
    if (!Array.isArray(list)) throw new ImportFileError(words('jsonNotList', { file: EXPORT_JSON_NAME, name }));
    docs[name] = [];
    list.forEach((item, index) => {
      const parsed = EXPORT_DOC_SCHEMAS[name].safeParse(item && typeof item === 'object' ? { ...ADDED_FIELDS[name], ...item } : item);
      if (parsed.success) docs[name].push(parsed.data as ExportDoc);
      else {
        const issue = parsed.error.issues[0];
        const detail = issue?.message ?? 'invalid';
        const because = issue && issue.path.length > 0 ? words('fieldInvalid', { field: issue.path.join('.'), detail }) : words('invalid', { detail });
        problems.push(importProblem(index + 1, words('placeDocument', { table: name, number: index + 1 }), because));
      }
    });
  }
  return { docs, problems };
}

/** What a photo's bytes are, by their first bytes (never by a name or a declared type). */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/** The file name of a photo in the zip: photos/<media id>.jpg (the app stores JPEG only: shrunk in the browser, re-encoded on the server). */
export function photoPath(mediaId: string): string {
  return `${PHOTOS_DIR}${mediaId}.jpg`;
}

/** The media id an export zip's photo file is named by, or null for any other name. */
export function photoIdOf(fileName: string): string | null {
  return /^photos\/([a-f0-9]{64})\.jpg$/.exec(fileName)?.[1] ?? null;
}
