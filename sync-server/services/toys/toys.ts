import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { planLimits, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import { PRACTICE_DEFAULTS, UNCATEGORIZED_ID } from '../../../shared/schemas/docs.js';
import type { AddToyBody, RestToy, UpdateToyBody } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { Database, HouseholdId } from '../../db/schema.js';
import { badRequest, forbidden } from '../../lib/http-error.js';
import { findByName, loadLists, type UserLists } from '../lists/list-store.js';
import { lockListsOf } from '../lists/name-clash.js';
import { decodeDataUrl, isDataUrl } from '../media/image-check.js';
import { checkUpload, userHasMedia, writeMediaFile, type CheckedImage } from '../media/media-store.js';
import { recordPhoto } from '../media/upload.js';
import { assertPhotoRoom } from '../quotas/quotas.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { createDoc, scopeOf } from '../replicated/apply.js';
import { toRestToy } from './toy-mapper.js';
import { countToys, findToy, listToyRows, patchToy } from './toy-store.js';
import type { PlanScope } from '../household/scope.js';

export async function listToys(deps: AppDeps, householdId: HouseholdId): Promise<RestToy[]> {
  const [rows, lists] = await Promise.all([listToyRows(deps.db, householdId), loadLists(deps.db, householdId)]);
  return rows.map((row) => toRestToy(row, lists));
}

async function getRestToy(db: AppDeps['db'] | Transaction<Database>, householdId: HouseholdId, id: string): Promise<RestToy> {
  const row = await findToy(db, householdId, id);
  return toRestToy(row, await loadLists(db, householdId));
}

/** The category id for a name sent as `type`; none or blank means Uncategorized. */
function categoryIdFor(lists: UserLists, type: string | undefined): string {
  if (!type?.trim()) return UNCATEGORIZED_ID;
  const row = findByName(lists.categories, type);
  if (!row) throw badRequest(`There is no category named "${type.trim()}". Pick one from the list.`);
  return row.id;
}

async function imageFromDataUrl(data: string): Promise<CheckedImage> {
  const bytes = decodeDataUrl(data);
  if (!bytes) throw badRequest('The image must be sent as a JPEG or PNG data URL.');
  return checkUpload(bytes);
}

async function assertUnderToyLimit(db: AppDeps['db'] | Transaction<Database>, user: PlanScope): Promise<void> {
  if ((await countToys(db, user.id)) >= planLimits(user.plan).toysLimit) throw forbidden(TOYS_LIMIT_MESSAGE);
}

export async function addToy(deps: AppDeps, user: PlanScope, body: AddToyBody): Promise<RestToy> {
  // Cheap early refusals before the image work; the checks that count run in the transaction.
  await assertUnderToyLimit(deps.db, user);
  await assertPhotoRoom(deps.db, user);
  const image = await imageFromDataUrl(body.data);
  categoryIdFor(await loadLists(deps.db, user.id), body.type);
  const now = deps.now();
  const id = randomUUID();
  const write = async (trx: Transaction<Database>) => {
    await lockListsOf(trx, user.id); // the category read below must not be merged away meanwhile; the account's lock
    await assertUnderToyLimit(trx, user);
    const lists = await loadLists(trx, user.id);
    await recordPhoto(trx, user, image, now);
    // The one write path of every replicated document (replicated/apply.ts), as a synced toy takes.
    await createDoc(scopeOf(trx, user.id), 'toys', {
      id,
      title: body.title,
      categoryId: categoryIdFor(lists, body.type),
      caption: body.caption ?? '',
      mediaId: image.id,
      collectionIds: [],
      excluded: false,
      favorite: false,
      createdAt: now,
      lastRotatedAt: null,
      location: null,
      retired: false,
      feedback: null,
      ...PRACTICE_DEFAULTS.toys,
    });
    return toRestToy(await findToy(trx, user.id, id), lists);
  };
  // The photo's file is written once every check has passed, before the commit (decision 010).
  return replicatedTransaction(deps, user.id, { quotas: ['toys'], announce: ['toys'], beforeCommit: () => writeMediaFile(deps.media, image) }, ({ trx }) => write(trx));
}

/** A media id inside `data` when it names an image rather than carrying one (id or /api/media/<id>). */
function mediaIdIn(data: string): string | null {
  return /^(?:.*\/api\/media\/)?([a-f0-9]{64})$/.exec(data.trim())?.[1] ?? null;
}

export async function updateToy(deps: AppDeps, user: PlanScope, id: string, body: UpdateToyBody): Promise<RestToy> {
  const current = await findToy(deps.db, user.id, id);
  const data = body.data?.trim() ?? '';
  let image: CheckedImage | null = null;
  let mediaId = current.media_id;
  if (isDataUrl(data)) {
    await assertPhotoRoom(deps.db, user); // early, before decoding; counted again in the transaction
    image = await imageFromDataUrl(data);
    mediaId = image.id;
  } else if (data && data !== current.media_id) {
    const named = mediaIdIn(data);
    if (!named || !(await userHasMedia(deps.db, user.id, named))) {
      throw badRequest('The image must be a new JPEG or PNG data URL, or the id of one of your photos.');
    }
    mediaId = named;
  }
  const now = deps.now();
  const photo = image;
  const write = async (trx: Transaction<Database>) => {
    await lockListsOf(trx, user.id);
    await findToy(trx, user.id, id);
    const lists = await loadLists(trx, user.id);
    if (photo) await recordPhoto(trx, user, photo, now);
    await patchToy(trx, user.id, id, {
      title: body.title,
      categoryId: body.type === undefined ? current.category_id : categoryIdFor(lists, body.type),
      caption: body.caption ?? current.caption,
      mediaId,
    });
    return toRestToy(await findToy(trx, user.id, id), lists);
  };
  return replicatedTransaction(deps, user.id, { quotas: ['toys'], announce: ['toys'], beforeCommit: photo ? () => writeMediaFile(deps.media, photo) : undefined }, ({ trx }) => write(trx));
}

export async function deleteToy(deps: AppDeps, householdId: HouseholdId, id: string): Promise<void> {
  await replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    await findToy(trx, householdId, id);
    await patchToy(trx, householdId, id, { _deleted: true }); // kept as a tombstone for devices (tombstones.ts)
  });
}

/**
 * PUT updateExcludedToyProporty / updateFavoriteToyProporty. Switching one flag on switches
 * the other off (spec section 4: kept and excluded are never both on; decision 008).
 */
export async function setToyFlag(deps: AppDeps, householdId: HouseholdId, id: string, flag: 'excluded' | 'favorite', on: boolean): Promise<RestToy> {
  return replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    await findToy(trx, householdId, id);
    await patchToy(trx, householdId, id, { [flag]: on, ...(on ? { [flag === 'excluded' ? 'favorite' : 'excluded']: false } : {}) });
    return getRestToy(trx, householdId, id);
  });
}

export async function toyAmounts(deps: AppDeps, householdId: HouseholdId): Promise<{ excluded: number; unexcluded: number }> {
  const [excluded, unexcluded] = await Promise.all([
    countToys(deps.db, householdId, { excluded: true }),
    countToys(deps.db, householdId, { excluded: false }),
  ]);
  return { excluded, unexcluded };
}
