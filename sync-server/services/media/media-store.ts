import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/http-error.js';
import { checkImage, type ImageInfo } from './image-check.js';

// The local media store: DATA_DIR/media/<first two hex>/<sha256 hex>. The id is the content
// hash, so uploading the same photo twice (a retried upload, two devices) stores it once.
// A media row per (user, id) records who uploaded it; a file goes only when no row is left.

type Db = Kysely<Database> | Transaction<Database>;

export type CheckedImage = { id: string; bytes: Uint8Array; info: ImageInfo };

export function mediaId(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function mediaFilePath(dataDir: string, id: string): string {
  return path.join(dataDir, 'media', id.slice(0, 2), id);
}

/** Verifies an image by its bytes; a 400 with a readable message when it is not acceptable. */
export function checkUpload(bytes: Uint8Array): CheckedImage {
  const check = checkImage(bytes);
  if (!check.ok) throw badRequest(check.error);
  return { id: mediaId(bytes), bytes, info: check.info };
}

/** Writes the file unless it is already there; temp file + rename, so a reader never sees half a file. */
export async function writeMediaFile(dataDir: string, image: CheckedImage): Promise<void> {
  const target = mediaFilePath(dataDir, image.id);
  if (await exists(target)) return;
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, image.bytes);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Records that this user has this image (idempotent). */
export async function recordMedia(db: Db, userId: string, image: CheckedImage, now: number): Promise<void> {
  await db
    .insertInto('media')
    .values({
      user_id: userId,
      id: image.id,
      mime: image.info.mime,
      bytes: image.bytes.length,
      width: image.info.width,
      height: image.info.height,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'id']).doNothing())
    .execute();
}

export async function userHasMedia(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('media').select('id').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

/** The bytes and content type of a stored image, or null. */
export async function readMedia(db: Db, dataDir: string, id: string): Promise<{ bytes: Uint8Array; mime: string } | null> {
  if (!/^[a-f0-9]{64}$/.test(id)) return null;
  const row = await db.selectFrom('media').select('mime').where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  try {
    return { bytes: new Uint8Array(await fs.readFile(mediaFilePath(dataDir, id))), mime: row.mime };
  } catch {
    return null;
  }
}

/** Deletes the files of these ids that no media row refers to any more (call after the rows went). */
export async function deleteUnusedMediaFiles(db: Db, dataDir: string, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (const id of new Set(ids)) {
    const stillUsed = await db.selectFrom('media').select('id').where('id', '=', id).executeTakeFirst();
    if (stillUsed) continue;
    await fs.rm(mediaFilePath(dataDir, id), { force: true });
    deleted++;
  }
  return deleted;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
