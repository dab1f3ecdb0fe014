import { childRotations, findChild, listChildren, childLabel } from '../../../shared/domain/children.js';
import { OBSERVE_LATEST_ONLY, suggestsRest, swapList, toyStory } from '../../../shared/domain/observations.js';
import { planLimits, TOYS_LIMIT_MESSAGE } from '../../../shared/domain/plans.js';
import type { Observation, RetireReason, RotationDoc } from '../../../shared/schemas/docs.js';
import type { RestToy } from '../../../shared/schemas/rest.js';
import type { AppDeps } from '../../context.js';
import type { ToyRow, User, HouseholdId } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error.js';
import { loadLists, type UserLists } from '../lists/list-store.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { CHILD_NOT_FOUND, latestRotationRow } from '../rotation/rotation.js';
import { parseIds, rotationFromRow } from '../sync/row-mapping.js';
import { isoDate, toRestToy } from '../toys/toy-mapper.js';
import { countToys, findToy, findToys, listToyRows, patchToy } from '../toys/toy-store.js';
import { patchDoc, scopeOf } from '../replicated/apply.js';
import { loadSettingsDoc } from './children.js';

// Retiring, storage places, child assignment, observations, history and the swap list over
// REST (issue 14, decision 018). Services take the data owner's id (`householdId`).

type ToyRef = { _id: string; title: string; type: string; location: string };

function toyRef(row: ToyRow, lists: UserLists): ToyRef {
  return { _id: row.id, title: row.title, type: lists.categoryName(row.category_id), location: row.location ?? '' };
}

async function restToy(deps: AppDeps, householdId: HouseholdId, id: string): Promise<RestToy> {
  const [row, lists] = await Promise.all([findToy(deps.db, householdId, id), loadLists(deps.db, householdId)]);
  return toRestToy(row, lists);
}

/** PUT retireToy/{id}: leaves rotation and the active inventory; frees room under the plan. */
export async function retireToy(deps: AppDeps, householdId: HouseholdId, id: string, reason: RetireReason, note: string | null): Promise<RestToy> {
  const trimmed = note?.trim() ?? '';
  await replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    await findToy(trx, householdId, id);
    await patchToy(trx, householdId, id, { retired: true, retiredReason: reason, retiredNote: trimmed === '' ? null : trimmed, retiredAt: deps.now() });
  });
  return restToy(deps, householdId, id);
}

/** PUT unretireToy/{id}: back in the inventory, if the plan has room. */
export async function unretireToy(deps: AppDeps, user: Pick<User, 'plan'>, householdId: HouseholdId, id: string): Promise<RestToy> {
  await replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    const row = await findToy(trx, householdId, id);
    if (row.retired !== 1) return;
    if ((await countToys(trx, householdId)) >= planLimits(user.plan).toysLimit) throw forbidden(TOYS_LIMIT_MESSAGE);
    await patchToy(trx, householdId, id, { retired: false, retiredReason: null, retiredNote: null, retiredAt: null });
  });
  return restToy(deps, householdId, id);
}

/** GET retiredToys: the toys under the "Retired" filter, newest first. */
export async function retiredToys(deps: AppDeps, householdId: HouseholdId): Promise<RestToy[]> {
  const [rows, lists] = await Promise.all([listToyRows(deps.db, householdId, { retired: true }), loadLists(deps.db, householdId)]);
  return rows.map((row) => toRestToy(row, lists));
}

/** PUT updateToyLocation/{id}: the storage place; blank clears it. */
export async function setToyLocation(deps: AppDeps, householdId: HouseholdId, id: string, location: string | null): Promise<RestToy> {
  const trimmed = location?.trim() ?? '';
  await replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    await findToy(trx, householdId, id);
    await patchToy(trx, householdId, id, { location: trimmed === '' ? null : trimmed });
  });
  return restToy(deps, householdId, id);
}

/** GET storagePlaces: the places already used (most used first), for suggestions. */
export async function storagePlaces(deps: AppDeps, householdId: HouseholdId): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('toys')
    .select('location')
    .where('household_id', '=', householdId)
    .where('deleted', '=', 0)
    .where('location', 'is not', null)
    .execute();
  const counts = new Map<string, number>();
  for (const { location } of rows) if (location) counts.set(location, (counts.get(location) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([place]) => place);
}

/** PUT updateToyChildren/{id}: the children the toy is for ([] = every child); every id must be a child. */
export async function setToyChildren(deps: AppDeps, householdId: HouseholdId, id: string, childIds: string[]): Promise<RestToy> {
  await replicatedTransaction(deps, householdId, { quotas: ['toys'], announce: ['toys'] }, async ({ trx }) => {
    await findToy(trx, householdId, id);
    const known = new Set(listChildren(await loadSettingsDoc(trx, householdId)).map((child) => child.id));
    const unknown = childIds.find((childId) => !known.has(childId));
    if (unknown !== undefined) throw badRequest(`childIds: "${unknown}" is not one of your children`);
    await patchToy(trx, householdId, id, { childIds: [...new Set(childIds)] });
  });
  return restToy(deps, householdId, id);
}

async function liveRotations(deps: AppDeps, householdId: HouseholdId): Promise<RotationDoc[]> {
  const rows = await deps.db.selectFrom('rotations').selectAll().where('household_id', '=', householdId).where('deleted', '=', 0).execute();
  return rows.map((row) => rotationFromRow(row));
}

/**
 * PUT observeToy/{rotationId}: how a toy went; only that toy's note changes. Only the child's
 * latest rotation takes notes ("until the next rotation"); an older one answers 409. (A note a
 * device made offline, while that rotation was its latest, still arrives by sync: decision 018.)
 */
export async function observeToy(deps: AppDeps, householdId: HouseholdId, rotationId: string, toyId: string, observation: Observation | null): Promise<Record<string, Observation>> {
  return replicatedTransaction(deps, householdId, { quotas: ['rotations'], announce: ['rotations'] }, async ({ trx }) => {
    const row = await trx
      .selectFrom('rotations')
      .selectAll()
      .where('household_id', '=', householdId)
      .where('id', '=', rotationId)
      .where('deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound('That rotation was not found.');
    if (!parseIds(row.toy_ids).includes(toyId)) throw badRequest('toyId: That toy was not out in this rotation.');
    if ((await latestRotationRow(trx, householdId, row.child_id))?.id !== rotationId) throw conflict(OBSERVE_LATEST_ONLY);
    const observations = { ...rotationFromRow(row).observations };
    if (observation === null) delete observations[toyId];
    else observations[toyId] = observation;
    await patchDoc(scopeOf(trx, householdId), 'rotations', rotationId, { observations });
    return observations;
  });
}

/** GET history: past rotations, newest first (optionally one child's), with toys and observations. */
export async function rotationHistory(deps: AppDeps, householdId: HouseholdId, options: { childId?: string; limit?: number }) {
  const settings = await loadSettingsDoc(deps.db, householdId);
  const children = listChildren(settings);
  if (options.childId !== undefined && !findChild(settings, options.childId)) throw notFound(CHILD_NOT_FOUND);
  const all = await liveRotations(deps, householdId);
  const chosen = (options.childId === undefined ? childRotationsAll(all) : childRotations(all, options.childId)).slice(0, options.limit ?? 50);
  const toyIds = [...new Set(chosen.flatMap((rotation) => rotation.toyIds))];
  const [rows, lists] = await Promise.all([findToys(deps.db, householdId, toyIds), loadLists(deps.db, householdId)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const userIds = [...new Set(chosen.map((rotation) => rotation.createdBy).filter((id): id is string => Boolean(id)))];
  const users = userIds.length === 0 ? [] : await deps.db.selectFrom('users').select(['id', 'username']).where('id', 'in', userIds).execute();
  const names = new Map(users.map((user) => [user.id, user.username]));
  return chosen.map((rotation) => {
    const index = children.findIndex((child) => child.id === rotation.childId);
    const child = children[index];
    return {
      id: rotation.id,
      childId: rotation.childId,
      childName: child ? childLabel(child, index) : 'A removed child',
      createdAt: isoDate(rotation.createdAt),
      rotatedBy: rotation.createdBy && names.has(rotation.createdBy) ? { id: rotation.createdBy, username: names.get(rotation.createdBy) as string } : null,
      toys: rotation.toyIds.flatMap((id) => {
        const row = byId.get(id);
        return row ? [toyRef(row, lists)] : [];
      }),
      observations: rotation.observations,
    };
  });
}

function childRotationsAll(rotations: RotationDoc[]): RotationDoc[] {
  const childIds = [...new Set(rotations.map((rotation) => rotation.childId))];
  return childIds.flatMap((id) => childRotations(rotations, id)).sort((a, b) => (b.serverOrder ?? 0) - (a.serverOrder ?? 0));
}

/** GET swapList/{childId}: after the child's latest rotation, what to put away and what to bring out, with storage places. */
export async function swapListFor(deps: AppDeps, householdId: HouseholdId, childId: string) {
  const settings = await loadSettingsDoc(deps.db, householdId);
  if (!findChild(settings, childId)) throw notFound(CHILD_NOT_FOUND);
  const [current, previous] = childRotations(await liveRotations(deps, householdId), childId);
  const swap = swapList(previous?.toyIds ?? [], current?.toyIds ?? []);
  const [rows, lists] = await Promise.all([findToys(deps.db, householdId, [...swap.putAway, ...swap.bringOut]), loadLists(deps.db, householdId)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refs = (ids: string[]) => ids.flatMap((id) => (byId.has(id) ? [toyRef(byId.get(id) as ToyRow, lists)] : []));
  return { childId, rotationId: current?.id ?? null, putAway: refs(swap.putAway), bringOut: refs(swap.bringOut) };
}

/** GET toyStory/{id}: times out, last out, how it went each time, and whether to suggest a rest. */
export async function toyStoryOf(deps: AppDeps, householdId: HouseholdId, id: string) {
  await findToy(deps.db, householdId, id);
  const rotations = (await liveRotations(deps, householdId)).sort((a, b) => (b.serverOrder ?? 0) - (a.serverOrder ?? 0));
  const story = toyStory(id, rotations);
  const childOf = new Map(rotations.map((rotation) => [rotation.id, rotation.childId]));
  return {
    timesOut: story.timesOut,
    lastOut: story.lastOut === null ? null : isoDate(story.lastOut),
    times: story.times.map((time) => ({ rotationId: time.rotationId, childId: childOf.get(time.rotationId) as string, at: isoDate(time.at), observation: time.observation })),
    suggestRest: suggestsRest(story),
  };
}
