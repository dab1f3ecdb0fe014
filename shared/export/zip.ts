import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { IMPORT_LIMITS } from './format.js';
import { ImportFileError, words } from './import-words.js';

// Reading and writing zips with fflate (a maintained, isomorphic zip library), the same in
// the browser and on the server. Reading is defensive: a zip is untrusted input.

const MB = 1024 * 1024;
/** Compressed bytes pushed to the inflater at a time: deflate expands at most ~1032x, so one step makes at most ~1 MB. */
const PUSH_STEP = 1024;

/** A zip entry name that stays inside the zip's folder: no absolute path, no "..", no backslash, no drive. */
export function safeEntryName(name: string): boolean {
  if (name.length === 0 || name.length > 255) return false;
  if (name.includes('\\') || name.includes('\0') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  return name.split('/').every((part, i, parts) => part !== '..' && part !== '.' && (part !== '' || i === parts.length - 1));
}

/** Files a zip program adds beside the user's (macOS resource forks, Finder and Explorer metadata). */
function isSystemJunk(name: string): boolean {
  return name.startsWith('__MACOSX/') || name.endsWith('.DS_Store') || name.endsWith('Thumbs.db');
}

export type ZipLimits = { entries: number; unpackedBytes: number; entryBytes: (name: string) => number };

const DEFAULT_ZIP_LIMITS: ZipLimits = {
  entries: IMPORT_LIMITS.entries,
  unpackedBytes: IMPORT_LIMITS.unpackedBytes,
  entryBytes: (name) => (/\.(json|csv)$/i.test(name) ? IMPORT_LIMITS.textBytes : IMPORT_LIMITS.photoBytes),
};

/** An entry (by name), or the whole zip (no name), that unpacks to more than `limit` bytes. */
const tooLarge = (name: string | null, limit: number) =>
  new ImportFileError(
    name === null ? words('zipUnpacksTooLarge', { mb: Math.round(limit / MB) }) : words('entryUnpacksTooLarge', { name, mb: Math.round(limit / MB) }),
  );

/**
 * The unpacked size the zip's central directory declares for all its files, read before
 * anything is inflated, or null when there is no readable directory (the stream reader then
 * decides). A zip that lies here is still stopped by the bytes actually inflated.
 */
function declaredUnpackedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535.
  for (let end = bytes.length - 22; end >= Math.max(0, bytes.length - 22 - 0xffff); end--) {
    if (view.getUint32(end, true) !== 0x06054b50) continue;
    const entries = view.getUint16(end + 10, true);
    let at = view.getUint32(end + 16, true);
    let unpackedBytes = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
      const size = view.getUint32(at + 24, true);
      if (size !== 0xffffffff) unpackedBytes += size; // 0xffffffff: the size is in a zip64 field
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    return unpackedBytes;
  }
  return null;
}

/**
 * Unpacks a zip into memory, refusing (ImportFileError, nothing returned) a file that is not a
 * zip, an entry whose path leaves the zip's folder (zip-slip), too many entries, or more bytes
 * than the limits allow, by the declared sizes first and by the bytes actually inflated, so a
 * zip that lies about its sizes is stopped after at most about 1 MB past the limit.
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Uint8Array> {
  if (bytes.length > IMPORT_LIMITS.zipBytes) throw new ImportFileError(words('zipTooLarge', { mb: IMPORT_LIMITS.zipBytes / MB }));
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05))) {
    throw new ImportFileError(words('notZip'));
  }
  // Refused before anything is inflated (system files count here too; an export is far below).
  if ((declaredUnpackedBytes(bytes) ?? 0) > limits.unpackedBytes) throw tooLarge(null, limits.unpackedBytes);
  const files = new Map<string, Uint8Array>();
  let failure: Error | null = null;
  let entries = 0;
  let unpacked = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (failure) return;
    const name = file.name;
    if (!safeEntryName(name)) {
      failure = new ImportFileError(words('zipPathOutside', { name: name.slice(0, 80) }));
      return;
    }
    if (name.endsWith('/') || isSystemJunk(name)) return; // a folder, or metadata: not read
    if (++entries > limits.entries) {
      failure = new ImportFileError(words('zipTooManyFiles', { files: limits.entries }));
      return;
    }
    if (files.has(name)) {
      failure = new ImportFileError(words('zipDuplicate', { name }));
      return;
    }
    const entryLimit = limits.entryBytes(name);
    const declared = file.originalSize ?? 0;
    if (declared > entryLimit) {
      failure = tooLarge(name, entryLimit);
      return;
    }
    if (unpacked + declared > limits.unpackedBytes) {
      failure = tooLarge(null, limits.unpackedBytes);
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new ImportFileError(words('zipEntryDamaged', { name }));
        return;
      }
      size += chunk.length;
      unpacked += chunk.length;
      if (size > entryLimit) failure = tooLarge(name, entryLimit);
      else if (unpacked > limits.unpackedBytes) failure = tooLarge(null, limits.unpackedBytes);
      else {
        chunks.push(chunk);
        if (final) files.set(name, concat(chunks, size));
      }
    };
    try {
      file.start();
    } catch {
      failure = new ImportFileError(words('zipCompression', { name }));
    }
  };
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += PUSH_STEP) {
      unzip.push(bytes.subarray(offset, offset + PUSH_STEP), offset + PUSH_STEP >= bytes.length);
    }
  } catch (error) {
    failure ??= error instanceof ImportFileError ? error : new ImportFileError(words('zipDamaged'));
  }
  if (failure) throw failure;
  return files;
}

/** The pieces of one entry as one array (no copy when it came in one piece). */
export function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Writes a zip as a stream: `sink` receives its bytes piece by piece (the server streams them
 * to the response; the browser collects them into a Blob), so only one photo is held at a
 * time. Photos (already compressed JPEG) are stored; text is deflated.
 */
export function zipWriter(sink: (chunk: Uint8Array, final: boolean) => void) {
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else sink(chunk, final);
  });
  const add = (name: string, bytes: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
    if (failure) throw failure;
  };
  return {
    addText: (name: string, text: string) => add(name, strToU8(text), true),
    addBinary: (name: string, bytes: Uint8Array) => add(name, bytes, false),
    end: () => {
      zip.end();
      if (failure) throw failure;
    },
  };
}
