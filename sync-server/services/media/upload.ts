import type { AppDeps } from '../../context.js';
import { badRequest } from '../../lib/http-error.js';
import { checkUpload, recordMedia, userHasMedia, writeMediaFile } from './media-store.js';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png'];

/**
 * PUT /api/media/:id: the sync engine uploads a photo by its content hash. Idempotent: a
 * repeated upload of an id this user already has answers at once without rewriting.
 */
export async function uploadMedia(deps: AppDeps, userId: string, id: string, bytes: Uint8Array): Promise<{ id: string; created: boolean }> {
  if (!/^[a-f0-9]{64}$/.test(id)) throw badRequest('A media id is the SHA-256 of the image, in lower-case hex.');
  if (await userHasMedia(deps.db, userId, id)) return { id, created: false };
  const image = checkUpload(bytes);
  if (image.id !== id) throw badRequest('The image does not match its id (SHA-256 of the bytes). Please upload it again.');
  await writeMediaFile(deps.env.DATA_DIR, image);
  await recordMedia(deps.db, userId, image, deps.now());
  return { id, created: true };
}
