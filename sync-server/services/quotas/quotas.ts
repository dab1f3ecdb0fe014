import type { Kysely, Transaction } from 'kysely';
import { planLimits, type Plan } from '../../../shared/domain/plans.js';
import type { SyncTable } from '../../../shared/schemas/docs.js';
import type { Database, HouseholdId, ReplicatedTable } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { patchDoc, scopeOf } from '../replicated/apply.js';
import type { PlanScope } from '../household/scope.js';
import { liveRotationsNewestFirst } from '../rotation/rotation-order.js';

// Per-account quotas (issue 10, item 5; decision record 010). They stop one account from
// filling the server's disk, and sit far above what a family does: the plan limits stay the
// rule a parent meets (with their own messages); these caps are only hit by a script. They
// are checked the same way for REST and for sync pushes, inside the writing transaction, so
// a refused request changes nothing.

type Db = Kysely<Database> | Transaction<Database>;

export const QUOTAS = {
  /** Live categories (REST's list already caps at 200 names). */
  categories: 200,
  /** Live collections above the plan's limit: devices that made some offline keep them (sync rules). */
  collectionsMargin: 50,
  /** Active toys above the plan's limit, for the same reason. Retired toys leave the plan's count
   * (decision 018), so they do not count here either; rowsPerTable bounds them. */
  toysMargin: 100,
  /** Rows of one replicated table, deleted ones included (they stay as tombstones for sync). */
  rowsPerTable: 20_000,
  /** Photos (media rows) above the plan's toys: room for re-photographed toys until the clean-up. */
  photosMargin: 100,
  /** Retired toys keep their photos: this many of them add one photo place each. */
  retiredPhotos: 400,
  /** The rotation history is rolling: older rotations are deleted as new ones come. */
  rotationHistory: 100,
} as const;

class QuotaError extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

export const PHOTO_NOT_YOURS = 'A toy can only show a photo uploaded from this account.';

/** The caps of one account's plan. */
export function quotasFor(plan: Plan) {
  const limits = planLimits(plan);
  return {
    categories: QUOTAS.categories,
    collections: limits.collectionsLimit + QUOTAS.collectionsMargin,
    toys: limits.toysLimit + QUOTAS.toysMargin,
    photos: limits.toysLimit + QUOTAS.photosMargin,
  };
}

type CountWhere = { live?: boolean; kind?: 'category' | 'collection'; active?: boolean };

async function count(db: Db, table: ReplicatedTable, householdId: HouseholdId, where?: CountWhere): Promise<number> {
  let query = db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('household_id', '=', householdId);
  if (where?.live) query = query.where('deleted', '=', 0);
  if (where?.kind) query = query.where('kind' as never, '=', where.kind as never);
  if (where?.active) query = query.where('retired' as never, '=', 0 as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * After a push's rows are written (in its transaction): throws a 403 when the account is now
 * over a cap (the transaction then rolls back), and trims the rotation history. Returns the
 * tables it changed itself.
 */
export async function enforceQuotas(trx: Transaction<Database>, user: PlanScope, collection: SyncTable): Promise<ReplicatedTable[]> {
  if (collection === 'settings') return [];
  const caps = quotasFor(user.plan);
  if ((await count(trx, collection, user.id)) > QUOTAS.rowsPerTable) {
    throw new QuotaError(`This account has reached the server's limit of ${QUOTAS.rowsPerTable} stored ${collection}.`);
  }
  if (collection === 'lists') {
    if ((await count(trx, 'lists', user.id, { live: true, kind: 'category' })) > caps.categories) {
      throw new QuotaError(`An account can have at most ${caps.categories} categories.`);
    }
    if ((await count(trx, 'lists', user.id, { live: true, kind: 'collection' })) > caps.collections) {
      throw new QuotaError(`An account can have at most ${caps.collections} collections.`);
    }
  }
  if (collection === 'toys' && (await count(trx, 'toys', user.id, { live: true, active: true })) > caps.toys) {
    throw new QuotaError(`An account can have at most ${caps.toys} toys in use (retired toys do not count).`);
  }
  if (collection === 'rotations' && (await trimRotationHistory(trx, user.id)) > 0) return ['rotations'];
  return [];
}

/**
 * Keeps each child's newest QUOTAS.rotationHistory rotations, newest in the order the server
 * took them (fault 9 of issue 9: never by a device's clock); older ones become small tombstones
 * (deleted, no toy ids, no observations) with a new sequence, so every device drops them too.
 * Per child, so a child rotated rarely keeps its latest rotation however often its siblings rotate.
 */
export async function trimRotationHistory(trx: Transaction<Database>, householdId: HouseholdId): Promise<number> {
  const live = await liveRotationsNewestFirst(trx, householdId).select(['id', 'child_id']).execute();
  const keptPerChild = new Map<string, number>();
  const old = live.filter(({ child_id }) => {
    const kept = keptPerChild.get(child_id) ?? 0;
    keptPerChild.set(child_id, kept + 1);
    return kept >= QUOTAS.rotationHistory;
  });
  // Deleted through the one write path: the registry's normalise makes each a small tombstone.
  const scope = scopeOf(trx, householdId);
  for (const { id } of old) await patchDoc(scope, 'rotations', id, { _deleted: true });
  return old.length;
}

/**
 * A toy may only point at a photo this account uploaded (REST already insists). A photo no
 * account has uploaded yet is allowed: a device pushes a toy made offline before its photo
 * upload ends, and only the same bytes can later fill that id.
 */
export async function assertOwnPhotos(db: Db, householdId: HouseholdId, mediaIds: Array<string | null | undefined>): Promise<void> {
  const ids = [...new Set(mediaIds.filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return;
  const rows = await db.selectFrom('media').select(['id', 'household_id']).where('id', 'in', ids).execute();
  const mine = new Set(rows.filter((r) => r.household_id === householdId).map((r) => r.id));
  if (rows.some((r) => !mine.has(r.id))) throw new QuotaError(PHOTO_NOT_YOURS);
}

/**
 * Before storing a new photo for the account. The plan's toys and a margin, plus a place for
 * each retired toy (they keep their photos and leave the plan's count) up to QUOTAS.retiredPhotos.
 */
export async function assertPhotoRoom(db: Db, user: PlanScope): Promise<void> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('household_id', '=', user.id)
    .executeTakeFirstOrThrow();
  const photos = Number(row.n);
  const base = quotasFor(user.plan).photos;
  if (photos < base) return;
  const retired = await db
    .selectFrom('toys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('household_id', '=', user.id)
    .where('deleted', '=', 0)
    .where('retired', '=', 1)
    .executeTakeFirstOrThrow();
  const cap = base + Math.min(Number(retired.n), QUOTAS.retiredPhotos);
  if (photos >= cap) throw new QuotaError(`An account can keep at most ${cap} photos. Delete toys you no longer need.`);
}
