import { isCleanJpeg } from '../../../../shared/export/clean-jpeg.js';
import { toysCsv } from '../../../../shared/export/csv.js';
import {
  EXPORT_CSV_NAME,
  EXPORT_JSON_NAME,
  exportJson,
  IMPORT_LIMITS,
  ImportFileError,
  photoIdOf,
  photoPath,
  photosOfToys,
  sniffImageType,
  type ImportProblem,
} from '../../../../shared/export/format.js';
import { planImport, type ImportPlan } from '../../../../shared/export/import-plan.js';
import { importProblem, words } from '../../../../shared/export/import-words.js';
import { sourceFromCsv, sourceFromExport, type ImportSource } from '../../../../shared/export/import-source.js';
import { readZip, zipWriter } from '../../../../shared/export/zip.js';
import type { ListDoc, SyncTable, ToyDoc } from '../../../../shared/schemas/docs.js';
import type { ToyDatabase } from '../../../db/database.js';
import { allLocalDocs, applyImportPlan, importTarget, newId } from '../../../db/ops/index.js';
import { MAX_IMAGE_HEIGHT, MAX_IMAGE_WIDTH, shrinkImage } from '../../../lib/shrink-image.js';
import { photoStore, savePhoto, sha256Hex } from '../../../sync/photos.js';
import { holdPushesWhile } from '../../../sync/push-hold.js';
import { i18n } from '../../../i18n/i18n.js';

// "Your data" in Settings: the export zip made on this device from the local database, and
// the import of an export zip or a CSV (decision 020). The format itself is shared/export.

export type Progress = { done: number; total: number; step: string };

export type ExportResult = { blob: Blob; fileName: string; missingPhotos: string[] };

type ExportOptions = { onProgress?: (progress: Progress) => void; fetchImpl?: typeof fetch; now?: number };

/** A photo's bytes: the local copy, else the server's (null offline or when the server has none). */
async function photoBytes(userId: string, mediaId: string, fetchImpl: typeof fetch): Promise<Uint8Array | null> {
  const local = await photoStore(userId).photos.get(mediaId);
  if (local && local.status !== 'failed') return new Uint8Array(local.bytes);
  try {
    const response = await fetchImpl(`/api/media/${mediaId}`);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null; // offline
  }
}

/**
 * The export zip of everything in the local database (works offline; photos not on this
 * device are listed as missing, in the result and in the JSON, which comes last in the zip
 * so that it can say so).
 */
export async function buildExport(db: ToyDatabase, options: ExportOptions = {}): Promise<ExportResult> {
  const now = options.now ?? Date.now();
  const fetchImpl = options.fetchImpl ?? fetch;
  // Its missingPhotos are filled in as the photos are read; it is written after them.
  const json = exportJson(await allLocalDocs(db), now);
  const toys = json.collections.toys as unknown as ToyDoc[];
  const photos = photosOfToys(toys);
  const total = photos.size + 1;
  options.onProgress?.({ done: 0, total, step: i18n.t('settings:yourData.steps.collecting') });

  const parts: Uint8Array[] = [];
  const writer = zipWriter((chunk) => parts.push(chunk));
  writer.addText(EXPORT_CSV_NAME, toysCsv(toys, json.collections.lists as unknown as ListDoc[]));
  let done = 1;
  for (const [mediaId, titles] of photos) {
    options.onProgress?.({ done, total, step: i18n.t('settings:yourData.steps.addingPhotos', { done, total: photos.size }) });
    const bytes = await photoBytes(db.householdId, mediaId, fetchImpl);
    if (bytes) writer.addBinary(photoPath(mediaId), bytes);
    else json.missingPhotos.push({ mediaId, toys: titles });
    done++;
  }
  writer.addText(EXPORT_JSON_NAME, JSON.stringify(json, null, 2));
  writer.end();
  options.onProgress?.({ done: total, total, step: i18n.t('settings:yourData.steps.done') });
  return {
    blob: new Blob(parts as BlobPart[], { type: 'application/zip' }),
    fileName: `toy-rotation-export-${new Date(now).toISOString().slice(0, 10)}.zip`,
    missingPhotos: json.missingPhotos.flatMap((photo) => photo.toys),
  };
}

/** How an imported photo is checked and shrunk; tests replace the browser's decoder. */
export type PhotoTools = {
  /** The decoded size, or throws when the bytes are not a readable image. */
  measure(blob: Blob): Promise<{ width: number; height: number }>;
  shrink(blob: Blob): Promise<Blob>;
};

const browserPhotoTools: PhotoTools = {
  async measure(blob) {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  },
  shrink: shrinkImage,
};

/** Photos the server accepts at most (it checks again). */
const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/**
 * An imported photo goes through the checks and shrinking of a picked one: it must be a JPEG or
 * PNG that decodes. Only a photo of an export zip whose bytes hash to the id it is named by,
 * and which is already what shrinking makes (a JPEG within 640x1000 and 2 MB, with no EXIF,
 * comment or trailing bytes: clean-jpeg.ts), is kept byte for byte, so a round trip keeps
 * photos identical; anything else is shrunk, which also drops the GPS position a camera wrote.
 */
async function preparePhoto(file: string, bytes: Uint8Array, kind: ImportSource['kind'], tools: PhotoTools): Promise<Blob> {
  const type = sniffImageType(bytes);
  if (!type) throw new ImportFileError(words('notAnImage'));
  const blob = new Blob([bytes as BlobPart], { type });
  let size;
  try {
    size = await tools.measure(blob);
  } catch {
    throw new ImportFileError(words('imageUnreadable'));
  }
  const named = kind === 'export' ? photoIdOf(file) : null;
  const fits = size.width <= MAX_IMAGE_WIDTH && size.height <= MAX_IMAGE_HEIGHT && bytes.length <= MAX_PHOTO_BYTES;
  if (named && type === 'image/jpeg' && fits && isCleanJpeg(bytes) && (await sha256Hex(await blob.arrayBuffer())) === named) return blob;
  return tools.shrink(blob);
}

export type PreparedImport = {
  plan: ImportPlan;
  kind: ImportSource['kind'];
  /** The checked photos by media id, saved when the import is confirmed. */
  photos: Map<string, Blob>;
};

const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type.includes('zip');
const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

/** The file's bytes, after its size is checked (a file too large is never read into memory). */
async function bytesOf(file: File, limit: number, tooLarge: 'fileTooLarge' | 'zipFileTooLarge'): Promise<Uint8Array> {
  if (file.size > limit) throw new ImportFileError(words(tooLarge, { file: file.name, mb: limit / 1024 / 1024 }));
  return new Uint8Array(await file.arrayBuffer());
}
const zipBytes = (file: File) => bytesOf(file, IMPORT_LIMITS.zipBytes, 'zipFileTooLarge');
const csvBytes = (file: File) => bytesOf(file, IMPORT_LIMITS.textBytes, 'fileTooLarge');

/**
 * Reads the picked file(s) and plans the import without writing anything: an export zip, or a
 * CSV with an optional zip of its photos. A file that cannot be imported at all throws an
 * ImportFileError with a readable message; row problems are in the plan.
 */
export async function prepareImport(
  db: ToyDatabase,
  files: File[],
  options: { tools?: PhotoTools; onProgress?: (progress: Progress) => void; now?: number } = {},
): Promise<PreparedImport> {
  const tools = options.tools ?? browserPhotoTools;
  const csv = files.find(isCsv);
  const zip = files.find(isZip);
  const other = files.find((file) => !isCsv(file) && !isZip(file));
  if (other || files.length === 0 || files.length > 2 || (files.length === 2 && !(csv && zip))) {
    throw new ImportFileError(words('pickWhat'));
  }
  options.onProgress?.({ done: 0, total: 1, step: i18n.t('settings:yourData.steps.reading') });
  const source = csv
    ? sourceFromCsv(await csvBytes(csv), zip ? readZip(await zipBytes(zip)) : null, options.now ?? Date.now(), csv.name)
    : sourceFromExport(readZip(await zipBytes(zip as File)));

  const photoIds = new Map<string, string>();
  const photos = new Map<string, Blob>();
  const problems: ImportProblem[] = [];
  let done = 0;
  for (const [file, bytes] of source.photos) {
    options.onProgress?.({ done: done++, total: source.photos.size, step: i18n.t('settings:yourData.steps.checkingPhotos', { done, total: source.photos.size }) });
    try {
      const blob = await preparePhoto(file, bytes, source.kind, tools);
      const id = await sha256Hex(await blob.arrayBuffer());
      photoIds.set(file, id);
      photos.set(id, blob);
    } catch (error) {
      problems.push(importProblem(null, words('placeFile', { file }), error instanceof ImportFileError ? error.words : words('imageUnreadable')));
    }
  }
  const candidates: Partial<Record<SyncTable, string[]>> = {
    toys: source.toys.map((toy) => toy.id).filter((id): id is string => Boolean(id)),
    lists: source.lists.map((list) => list.id).filter((id): id is string => Boolean(id)),
    rotations: source.rotations.map((rotation) => rotation.id),
  };
  for (const [name, docs] of Object.entries(source.others) as [SyncTable, { id: string }[]][]) candidates[name] = docs.map((doc) => doc.id);
  const plan = planImport(source, photoIds, await importTarget(db, candidates), newId);
  plan.problems.unshift(...problems);
  return { plan, kind: source.kind, photos };
}

/**
 * Writes a prepared import, all or nothing: with pushes held (push-hold.ts), the documents,
 * then the photos they show (queued for upload like picked ones). If anything fails, the
 * documents are undone and the photos this import added are removed, so nothing is left to
 * upload or to push.
 */
export async function runImport(db: ToyDatabase, prepared: PreparedImport): Promise<void> {
  const used = new Set(prepared.plan.toys.map((toy) => toy.doc.mediaId));
  const photos = [...prepared.photos].filter(([id]) => used.has(id));
  const store = photoStore(db.householdId);
  const added: string[] = [];
  await holdPushesWhile(db.name, () =>
    applyImportPlan(db, prepared.plan, async () => {
      try {
        for (const [id, blob] of photos) {
          const here = await store.photos.get(id);
          const saved = await savePhoto(db.householdId, blob);
          if (!here) added.push(saved);
        }
      } catch (error) {
        await store.photos.bulkDelete(added);
        throw error;
      }
    }),
  );
}
