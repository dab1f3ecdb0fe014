import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { IMPORT_LIMITS } from '../../../shared/export/format.js';
import { ImportFileError, words } from '../../../shared/export/import-words.js';
import { concat, safeEntryName } from '../../../shared/export/zip.js';
import { HttpError } from '../../lib/http-error.js';
import { TEXT_HOLDING_FACTOR, type Reservation } from './import-budget.js';

// The import zip read as it arrives (fflate's streaming Unzip), never held whole: text files
// (toy-rotation.json, a CSV) are kept within the import's memory reservation, each photo is
// handed on as soon as it is complete and dropped, and anything else is only counted. So an
// import holds its reservation (import-budget.ts) whatever the zip unpacks to (decision 029).
// The checks are those of the app's own reader (shared/export/zip.ts): names that leave the
// folder, too many files, a file twice, and bytes past the limits as they are inflated.

const MB = 1024 * 1024;
/** Compressed bytes pushed at a time: deflate expands at most ~1032x, so one step makes at most ~1 MB. */
const PUSH_STEP = 1024;
/** A text file larger than this is not an export this app made (a full Premium household's is a few MB). */
const SERVER_TEXT_BYTES = 16 * MB;
/** What is read and dropped of a refused body at most (the rest of an over-large upload then gets its 413). */
const DRAIN_AT_MOST_MS = 10_000;

type ZipPhoto = { name: string; bytes: Uint8Array };

export type StreamOptions = {
  reservation: Reservation;
  /** A photo larger than this refuses the whole import (ImportFileError) as soon as it is seen. */
  maxPhotoBytes: number;
  /** Each photo (`photos/...`), in zip order, one at a time; the next is unpacked only after it returns. */
  onPhoto(photo: ZipPhoto): Promise<void>;
};

const isText = (name: string) => /\.(json|csv)$/i.test(name);
const isPhoto = (name: string) => name.startsWith('photos/') && !name.endsWith('/');
const isSystemJunk = (name: string) => name.startsWith('__MACOSX/') || name.endsWith('.DS_Store') || name.endsWith('Thumbs.db');

const photoTooLarge = (name: string, limit: number) => new ImportFileError(words('photoEntryTooLarge', { name, mb: Math.round(limit / MB) }));

/** An entry (by name), or the whole zip (no name), that unpacks to more than `limit` bytes. */
const tooLarge = (name: string | null, limit: number) =>
  new ImportFileError(
    name === null ? words('zipUnpacksTooLarge', { mb: Math.round(limit / MB) }) : words('entryUnpacksTooLarge', { name, mb: Math.round(limit / MB) }),
  );

/** Reads the zip from `body`; returns its text files. Throws ImportFileError (a 400) or the budget's 503. */
export async function readZipStream(body: ReadableStream<Uint8Array>, options: StreamOptions): Promise<Map<string, Uint8Array>> {
  const texts = new Map<string, Uint8Array>();
  const names = new Set<string>();
  const ready: ZipPhoto[] = [];
  let failure: Error | null = null;
  let unpacked = 0;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new ImportFileError(words('zipDamaged'));
  };

  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file: UnzipFile) => {
    if (failure) return;
    const name = file.name;
    if (!safeEntryName(name)) return fail(new ImportFileError(words('zipPathOutside', { name: name.slice(0, 80) })));
    if (name.endsWith('/') || isSystemJunk(name)) return; // a folder, or metadata: not read
    if (names.has(name)) return fail(new ImportFileError(words('zipDuplicate', { name })));
    names.add(name);
    if (names.size > IMPORT_LIMITS.entries) return fail(new ImportFileError(words('zipTooManyFiles', { files: IMPORT_LIMITS.entries })));
    // A photo larger than any this app makes (or accepts) stops the import at once: unpacking
    // the rest would only spend the server's time (a zip bomb's entries are exactly that).
    const limit = isText(name) ? SERVER_TEXT_BYTES : isPhoto(name) ? options.maxPhotoBytes : IMPORT_LIMITS.photoBytes;
    const over = () => (isPhoto(name) ? photoTooLarge(name, limit) : tooLarge(name, limit));
    if ((file.originalSize ?? 0) > limit) return fail(over());
    const kept: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) return fail(new ImportFileError(words('zipEntryDamaged', { name })));
      size += chunk.length;
      unpacked += chunk.length;
      if (size > limit) return fail(over());
      if (unpacked > IMPORT_LIMITS.unpackedBytes) return fail(tooLarge(null, IMPORT_LIMITS.unpackedBytes));
      try {
        if (isText(name)) {
          options.reservation.grow(chunk.length * TEXT_HOLDING_FACTOR);
          kept.push(chunk);
        } else if (isPhoto(name)) {
          kept.push(chunk);
        }
      } catch (reason) {
        return fail(reason);
      }
      if (!final) return;
      if (isText(name)) texts.set(name, concat(kept, size));
      else if (isPhoto(name)) ready.push({ name, bytes: concat(kept, size) });
    };
    try {
      file.start();
    } catch {
      fail(new ImportFileError(words('zipCompression', { name })));
    }
  };

  const reader = body.getReader();
  let first = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        unzip.push(new Uint8Array(0), true);
        break;
      }
      if (first && value.length > 0) {
        first = false;
        if (!(value[0] === 0x50 && value[1] === 0x4b && (value[2] === 0x03 || value[2] === 0x05))) fail(new ImportFileError(words('notZip')));
      }
      for (let offset = 0; offset < value.length && !failure; offset += PUSH_STEP) {
        unzip.push(value.subarray(offset, offset + PUSH_STEP), false);
        // Each photo is checked before more is unpacked: at most one is held at a time.
        while (ready.length > 0 && !failure) await options.onPhoto(ready.shift()!);
      }
      if (failure) break;
    }
    while (ready.length > 0 && !failure) await options.onPhoto(ready.shift()!);
  } catch (error) {
    if (error instanceof HttpError) throw error; // the store or the budget: not the file's fault
    fail(error instanceof ImportFileError ? error : new ImportFileError(words('zipDamaged')));
  }
  if (failure) {
    await drain(reader);
    throw failure;
  }
  if (first) throw new ImportFileError(words('notZip'));
  return texts;
}

/**
 * Reads and drops the rest of a refused body (bounded in time): answering while the client still
 * sends can lose the answer to a reset, and an over-large upload then gets its 413 (the route's
 * body limit) rather than a complaint about its first bytes.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + DRAIN_AT_MOST_MS;
  try {
    while (Date.now() < deadline) if ((await reader.read()).done) return;
  } catch (error) {
    if (error instanceof HttpError) throw error; // past the size limit: that answer wins
  } finally {
    void reader.cancel().catch(() => {});
  }
}

/**
 * The body, refused with 413 once more than `maxBytes` have come (read as it streams: Hono's
 * bodyLimit would hold a chunked body whole).
 */
export function limitedBody(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => HttpError): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.length;
        if (size > maxBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}
