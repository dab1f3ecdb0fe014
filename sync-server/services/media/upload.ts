import type { Transaction } from 'kysely';
import type { AppDeps } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { PlanScope } from '../household/scope.js';
import { badRequest } from '../../lib/http-error.js';
import { lockListsOf } from '../lists/name-clash.js';
import { assertPhotoRoom } from '../quotas/quotas.js';
import { markReencoded } from './legacy-photos.js';
import { checkUpload, mediaId, recordMedia, userHasMedia, writeMediaFile, type CheckedImage } from './media-store.js';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png'];

/**
 * Inside the transaction that stores a photo, after the account's lock (lockListsOf): records it
 * for the account unless the account has it already, within the photo quota. Counting and
 * inserting under that lock is one step, so a burst of parallel uploads cannot pass the quota
 * together. Returns whether a row was added. The caller then writes the clean file (with
 * writeMediaFile, before the commit), which replaces a file stored before re-encoding.
 */
export async function recordPhoto(trx: Transaction<Database>, owner: PlanScope, image: CheckedImage, now: number): Promise<boolean> {
  await markReencoded(trx, image);
  if (await userHasMedia(trx, owner.id, image.id)) return false;
  await assertPhotoRoom(trx, owner);
  await recordMedia(trx, owner.id, image, now);
  return true;
}

/**
 * PUT /api/media/:id: the sync engine uploads a photo by its content hash. Idempotent: a
 * repeated upload of an id this household already has answers at once without rewriting.
 */
export async function uploadMedia(deps: AppDeps, owner: PlanScope, id: string, bytes: Uint8Array): Promise<{ id: string; created: boolean }> {
  if (!/^[a-f0-9]{64}$/.test(id)) throw badRequest('A media id is the SHA-256 of the image, in lower-case hex.');
  if (await userHasMedia(deps.db, owner.id, id)) return { id, created: false };
  if (mediaId(bytes) !== id) throw badRequest('The image does not match its id (SHA-256 of the bytes). Please upload it again.');
  await assertPhotoRoom(deps.db, owner); // a cheap early refusal before the decoding; the check that counts is below
  const image = await checkUpload(bytes);
  const created = await deps.db.transaction().execute(async (trx) => {
    await lockListsOf(trx, owner.id); // the account's lock: parallel uploads count one after another
    const added = await recordPhoto(trx, owner, image, deps.now());
    await writeMediaFile(deps.media, image); // last before the commit: a refused upload writes no file
    return added;
  });
  return { id, created };
}
