import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { checkImage } from './image-check.js';
import type { ImageInfo } from './image-info.js';
import { reencodeImage } from './reencode.js';

// Photos stored before uploads were re-encoded (issue 10, item 8) are still the bytes a client
// sent: possibly a PNG with HTML appended, or a decompression bomb. Migration 1100 marks their
// rows `reencoded = 0`. Such a file is never served as it is: the first read re-encodes it,
// stores the clean JPEG under the same id and marks its rows; one that no longer decodes is
// not served at all (its bytes stay, unserved). Done on read rather than by a job at start,
// so a large store needs no long start-up and only photos someone looks at cost work.

type Db = Kysely<Database> | Transaction<Database>;
// The shapes of media-store.ts, spelled out: that module reads through this one.
type PhotoWriter = { put(id: string, bytes: Uint8Array, mime: string): Promise<void> };
type CleanImage = { id: string; bytes: Uint8Array; info: ImageInfo };

export type ServedPhoto = { bytes: Uint8Array; mime: string };

/** The clean form of a legacy file, stored in its place; null when it cannot be made. */
export async function reencodeLegacyPhoto(deps: { db: Db; media: PhotoWriter }, id: string, bytes: Uint8Array): Promise<ServedPhoto | null> {
  if (!checkImage(bytes).ok) return null;
  let clean: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    clean = await reencodeImage(bytes);
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return null; // does not decode
    throw error; // busy: a 429 the reader may retry
  }
  await deps.media.put(id, clean.bytes, clean.info.mime);
  await markReencoded(deps.db, { id, bytes: clean.bytes, info: clean.info });
  return { bytes: clean.bytes, mime: clean.info.mime };
}

/**
 * Every row of this id now describes the clean file (call it where that file is written: every
 * account that has the id shares the one file).
 */
export async function markReencoded(db: Db, image: CleanImage): Promise<void> {
  await db
    .updateTable('media')
    .set({ reencoded: 1, mime: image.info.mime, bytes: image.bytes.length, width: image.info.width, height: image.info.height })
    .where('id', '=', image.id)
    .where('reencoded', '=', 0)
    .execute();
}
