import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database, HouseholdId } from '../../db/schema.js';
import { badRequest } from '../../lib/http-error.js';
import { checkImage } from './image-check.js';
import type { ImageInfo } from './image-info.js';
import { reencodeLegacyPhoto, type ServedPhoto } from './legacy-photos.js';
import { reencodeImage } from './reencode.js';

// Photos are stored by content hash (the id), so uploading the same photo twice (a retried
// upload, two devices) stores it once. A media row per (user, id) records who uploaded it;
// the bytes go only when no row is left. The bytes live in a MediaStore: the disk store
// (disk-media-store.ts, the default) or an S3-compatible one (s3-media-store.ts).

/** A stored object: a photo id, or the leftover of a write a crash cut short (disk). */
export type StoredName = { name: string; writtenAt: number };

/** Where the bytes of photos live; every method is idempotent. */
export type MediaStore = {
  /** Stores (or replaces) the bytes of an id; never leaves half an object. */
  put(id: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** The bytes of an id, or null when there are none. */
  get(id: string): Promise<Uint8Array | null>;
  /** Removes an object; with `writtenBefore` (epoch ms) only if it was last written before then. */
  delete(name: string, options?: { writtenBefore?: number }): Promise<void>;
  /** Every stored object with when it was last written (the stray-file sweep, stray-files.ts). */
  list(): AsyncIterable<StoredName>;
  /** Throws unless the store answers and can be written (start-up, and GET /api/ready). */
  check(): Promise<void>;
};

type Db = Kysely<Database> | Transaction<Database>;

export type CheckedImage = { id: string; bytes: Uint8Array; info: ImageInfo };

export function mediaId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function mediaFilePath(dataDir: string, id: string): string {
  return path.join(dataDir, 'media', id.slice(0, 2), id);
}

/**
 * Verifies an image by its bytes and re-encodes it (reencode.ts); a 400 with a readable message
 * when it is not acceptable. The id stays the SHA-256 of the bytes the client sent (the client
 * names its photo by it); what is stored under it is the clean re-encoded JPEG.
 */
export async function checkUpload(bytes: Uint8Array): Promise<CheckedImage> {
  const check = checkImage(bytes);
  if (!check.ok) throw badRequest(check.error);
  const clean = await reencodeImage(bytes);
  return { id: mediaId(bytes), bytes: clean.bytes, info: clean.info };
}

/**
 * Stores the checked image's bytes. Call it last in the transaction that records the photo
 * (after every check that could refuse it), so a refused write leaves no file; a failed
 * commit or a crash can still leave one, which the stray-file sweep removes (stray-files.ts).
 */
export async function writeMediaFile(store: MediaStore, image: CheckedImage): Promise<void> {
  await store.put(image.id, image.bytes, image.info.mime);
}

/** Records that this user has this image (idempotent). */
export async function recordMedia(db: Db, householdId: HouseholdId, image: CheckedImage, now: number): Promise<void> {
  await db
    .insertInto('media')
    .values({
      household_id: householdId,
      id: image.id,
      mime: image.info.mime,
      bytes: image.bytes.length,
      width: image.info.width,
      height: image.info.height,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['household_id', 'id']).doNothing())
    .execute();
}

export async function userHasMedia(db: Db, householdId: HouseholdId, id: string): Promise<boolean> {
  const row = await db.selectFrom('media').select('id').where('household_id', '=', householdId).where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

/** Whether any account has stored a photo under this id. */
export async function mediaExists(db: Db, id: string): Promise<boolean> {
  if (!/^[a-f0-9]{64}$/.test(id)) return false;
  return Boolean(await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst());
}

/**
 * The bytes and content type of a stored image, or null. Always the server's re-encoding: a
 * file stored before re-encoding existed is re-encoded now (legacy-photos.ts).
 */
// deps as AppDeps carries them (context.ts imports this module's types, so no import back).
export async function readMedia(deps: { db: Db; media: MediaStore }, id: string): Promise<ServedPhoto | null> {
  if (!/^[a-f0-9]{64}$/.test(id)) return null;
  const row = await deps.db.selectFrom('media').select(['mime', 'reencoded']).where('id', '=', id).orderBy('reencoded').executeTakeFirst();
  if (!row) return null;
  const bytes = await deps.media.get(id);
  if (!bytes) return null;
  return row.reencoded ? { bytes, mime: row.mime } : reencodeLegacyPhoto(deps, id, bytes);
}

/** Deletes the files of these ids that no media row refers to any more (call after the rows went). */
export async function deleteUnusedMediaFiles(db: Db, store: MediaStore, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const id of new Set(ids)) {
    const stillUsed = await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst();
    if (stillUsed) continue;
    await store.delete(id);
    deleted++;
  }
  return deleted;
}
