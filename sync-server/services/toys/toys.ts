import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { planLimits, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { UNCATEGORIZED_ID } from '../../../shared/schemas/docs.js';
import type { AddToyBody, RestToy, UpdateToyBody } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { Database, User } from '../../db/schema.js';
import { badRequest, forbidden } from '../../lib/http-error.js';
import { nextSeq } from '../change-feed.js';
import { findByName, loadLists, type UserLists } from '../lists/list-store.js';
import { decodeDataUrl, isDataUrl } from '../media/image-check.js';
import { checkUpload, recordMedia, userHasMedia, writeMediaFile, type CheckedImage } from '../media/media-store.js';
import { writeReplicated } from './replicated-write.js';
import { toRestToy } from './toy-mapper.js';
import { countToys, findToy, listToyRows, updateToyRow } from './toy-store.js';

export async function listToys(deps: AppDeps, userId: string): Promise<RestToy[]> {
  const [rows, lists] = await Promise.all([listToyRows(deps.db, userId), loadLists(deps.db, userId)]);
  return rows.map((row) => toRestToy(row, lists));
}

export async function getRestToy(db: AppDeps['db'] | Transaction<Database>, userId: string, id: string): Promise<RestToy> {
  const row = await findToy(db, userId, id);
  return toRestToy(row, await loadLists(db, userId));
}

/** The category id for a name sent as `type`; none or blank means Uncategorized. */
function categoryIdFor(lists: UserLists, type: string | undefined): string {
  if (!type?.trim()) return UNCATEGORIZED_ID;
  const row = findByName(lists.categories, type);
  if (!row) throw badRequest(`There is no category named "${type.trim()}". Pick one from the list.`);
  return row.id;
}

function imageFromDataUrl(data: string): CheckedImage {
  const bytes = decodeDataUrl(data);
  if (!bytes) throw badRequest('The image must be sent as a JPEG or PNG data URL.');
  return checkUpload(bytes);
}

async function assertUnderToyLimit(db: AppDeps['db'] | Transaction<Database>, user: User): Promise<void> {
  if ((await countToys(db, user.id)) >= planLimits(user.plan).toysLimit) throw forbidden(TOYS_LIMIT_MESSAGE);
}

export async function addToy(deps: AppDeps, user: User, body: AddToyBody): Promise<RestToy> {
  await assertUnderToyLimit(deps.db, user); // before the image work: the common refusal is cheap
  const image = imageFromDataUrl(body.data);
  categoryIdFor(await loadLists(deps.db, user.id), body.type);
  // The file is content-addressed: writing it before the rows is harmless if the insert fails.
  await writeMediaFile(deps.env.DATA_DIR, image);
  const now = deps.now();
  const id = randomUUID();
  return writeReplicated(deps, user.id, ['toys'], async (trx) => {
    await assertUnderToyLimit(trx, user);
    const lists = await loadLists(trx, user.id);
    await recordMedia(trx, user.id, image, now);
    await trx
      .insertInto('toys')
      .values({
        user_id: user.id,
        id,
        title: body.title,
        category_id: categoryIdFor(lists, body.type),
        caption: body.caption ?? '',
        media_id: image.id,
        collection_ids: '[]',
        created_at: now,
        last_rotated_at: null,
        location: null,
        feedback: null,
        seq: await nextSeq(trx),
      })
      .execute();
    return toRestToy(await findToy(trx, user.id, id), lists);
  });
}

/** A media id inside `data` when it names an image rather than carrying one (id or /api/media/<id>). */
function mediaIdIn(data: string): string | null {
  return /^(?:.*\/api\/media\/)?([a-f0-9]{64})$/.exec(data.trim())?.[1] ?? null;
}

export async function updateToy(deps: AppDeps, user: User, id: string, body: UpdateToyBody): Promise<RestToy> {
  const current = await findToy(deps.db, user.id, id);
  const data = body.data?.trim() ?? '';
  let image: CheckedImage | null = null;
  let mediaId = current.media_id;
  if (isDataUrl(data)) {
    image = imageFromDataUrl(data);
    await writeMediaFile(deps.env.DATA_DIR, image);
    mediaId = image.id;
  } else if (data && data !== current.media_id) {
    const named = mediaIdIn(data);
    if (!named || !(await userHasMedia(deps.db, user.id, named))) {
      throw badRequest('The image must be a new JPEG or PNG data URL, or the id of one of your photos.');
    }
    mediaId = named;
  }
  const now = deps.now();
  return writeReplicated(deps, user.id, ['toys'], async (trx) => {
    await findToy(trx, user.id, id);
    const lists = await loadLists(trx, user.id);
    if (image) await recordMedia(trx, user.id, image, now);
    await updateToyRow(trx, user.id, id, {
      title: body.title,
      category_id: body.type === undefined ? current.category_id : categoryIdFor(lists, body.type),
      caption: body.caption ?? current.caption,
      media_id: mediaId,
    });
    return toRestToy(await findToy(trx, user.id, id), lists);
  });
}

export async function deleteToy(deps: AppDeps, userId: string, id: string): Promise<void> {
  await writeReplicated(deps, userId, ['toys'], async (trx) => {
    await findToy(trx, userId, id);
    await updateToyRow(trx, userId, id, { deleted: 1 });
  });
}

export async function setToyFlag(deps: AppDeps, userId: string, id: string, flag: 'excluded' | 'favorite', on: boolean): Promise<RestToy> {
  return writeReplicated(deps, userId, ['toys'], async (trx) => {
    await findToy(trx, userId, id);
    await updateToyRow(trx, userId, id, flag === 'excluded' ? { excluded: on ? 1 : 0 } : { favorite: on ? 1 : 0 });
    return getRestToy(trx, userId, id);
  });
}

export async function toyAmounts(deps: AppDeps, userId: string): Promise<{ excluded: number; unexcluded: number }> {
  const [excluded, unexcluded] = await Promise.all([
    countToys(deps.db, userId, { excluded: true }),
    countToys(deps.db, userId, { excluded: false }),
  ]);
  return { excluded, unexcluded };
}
