import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Household, HouseholdRole } from '../../../shared/schemas/household.js';
import { HOUSEHOLD_MESSAGES } from '../../../shared/schemas/household.js';
import type { AppDeps } from '../../context.js';
import type { DB } from '../../db/database.js';
import type { Database, HouseholdId } from '../../db/schema.js';
import { asHouseholdId } from '../../db/schema.js';
import { REPLICATED_TABLES } from '../../db/schema.js';
import { conflict, forbidden, notFound } from '../../lib/http-error.js';
import { nextSeq } from '../change-feed.js';
import { createUserDefaults } from '../user-defaults.js';
import { namespaceText } from '../../i18n/emails.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/languages.js';

// Households (issue 13, docs/decisions/016-households.md): a household owns the data (the data
// tables' `user_id` column holds its id); each account belongs to exactly one (memberships).

type Db = DB | Transaction<Database>;
type Trx = Transaction<Database>;

/**
 * The name a new household gets, in the language of the person it is made for (decision 056):
 * "<username>'s family" in English (households.json). The person renames it in Settings.
 */
export function defaultHouseholdName(username: string, language: Language = DEFAULT_LANGUAGE): string {
  return namespaceText(language, 'households')('defaultName', { username }).slice(0, 60);
}

/**
 * A new household with the user as its owner, its settings row and Uncategorized. A new
 * account's household takes the account's id (as the migration gave every existing account),
 * a later one (after leaving or removal) a fresh random id.
 */
export async function createHousehold(trx: Trx, userId: string, name: string, now: number, id: HouseholdId = asHouseholdId(randomUUID())): Promise<HouseholdId> {
  await trx.insertInto('households').values({ id, name, created_at: now, kept_for: null, moved_to: null }).execute();
  await trx.insertInto('memberships').values({ user_id: userId, household_id: id, role: 'owner', joined_at: now }).execute();
  await createUserDefaults(trx, id, now);
  return id;
}

export type Membership = { householdId: HouseholdId; role: HouseholdRole; joinedAt: number };

export async function membershipOf(db: Db, userId: string): Promise<Membership | null> {
  const row = await db.selectFrom('memberships').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? { householdId: row.household_id, role: row.role, joinedAt: Number(row.joined_at) } : null;
}

/**
 * The household's plan: Premium once a member pays (in practice the owner: only the owner may
 * start a checkout; a member who joined while subscribed brings their Premium along).
 */
export async function householdPlan(db: Db, householdId: HouseholdId): Promise<'paid' | 'free'> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.id')
    .where('memberships.household_id', '=', householdId)
    .where('users.plan', '=', 'paid')
    .executeTakeFirst();
  return row ? 'paid' : 'free';
}

/** The household as GET /api/household answers it, for one of its members. */
export async function householdView(db: Db, householdId: HouseholdId, userId: string): Promise<Household> {
  const household = await db.selectFrom('households').select(['id', 'name']).where('id', '=', householdId).executeTakeFirst();
  const members = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['memberships.user_id', 'users.username', 'memberships.role', 'memberships.joined_at'])
    .where('memberships.household_id', '=', householdId)
    .orderBy('memberships.joined_at')
    .orderBy('memberships.user_id')
    .execute();
  const me = members.find((m) => m.user_id === userId);
  if (!household || !me) throw notFound(HOUSEHOLD_MESSAGES.memberNotFound);
  return {
    id: household.id,
    name: household.name,
    role: me.role,
    members: members.map((m) => ({ userId: m.user_id, username: m.username, role: m.role, joinedAt: Number(m.joined_at) })),
  };
}

/**
 * The household's streams hear a settings change when its name or members change (as on a
 * join or departure, which also give the settings a new seq): every member's app then asks
 * GET /api/household again, so Family screens follow live. Nothing to pull: no seq moves.
 */
function announceHouseholdChange(deps: Pick<AppDeps, 'feed'>, householdId: HouseholdId): void {
  deps.feed.publish(householdId, ['settings']);
}

export async function renameHousehold(deps: Pick<AppDeps, 'db' | 'feed'>, householdId: HouseholdId, name: string): Promise<void> {
  await deps.db.updateTable('households').set({ name }).where('id', '=', householdId).execute();
  announceHouseholdChange(deps, householdId);
}

/** The settings document carries the plan: a new seq makes every member's devices pull it again. */
export async function touchSettings(trx: Trx, householdId: HouseholdId): Promise<void> {
  await trx.updateTable('settings').set({ seq: await nextSeq(trx) }).where('household_id', '=', householdId).execute();
}

async function currentClock(trx: Trx): Promise<number> {
  const row = await trx.selectFrom('change_clock').select('value').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.value);
}

/**
 * Records that the user left `householdId` (for the bounded hand-in, decision 016) and marks
 * their sessions bound to it (all but `keep`) as having left: from now on those get 403
 * {household: 'left'} on every household call. Returns their hashes.
 */
export async function markSessionsLeft(trx: Trx, userId: string, householdId: HouseholdId, now: number, keep?: string): Promise<string[]> {
  const leftSeq = await currentClock(trx);
  await trx.insertInto('departures').values({ user_id: userId, household_id: householdId, left_at: now, left_seq: leftSeq }).execute();
  let query = trx
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('household_id', '=', householdId), eb('household_id', 'is', null)]))
    .where('left_at', 'is', null);
  if (keep) query = query.where('token_hash', '!=', keep);
  const hashes = (await query.execute()).map((row) => row.token_hash);
  if (hashes.length === 0) return [];
  await trx.updateTable('sessions').set({ left_at: now }).where('token_hash', 'in', hashes).execute();
  return hashes;
}

/** The longest-standing remaining member becomes owner (the owner left, was deleted, or handed over by leaving). */
export async function promoteLongestStanding(trx: Trx, householdId: HouseholdId): Promise<void> {
  const next = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('household_id', '=', householdId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .executeTakeFirst();
  if (next) await trx.updateTable('memberships').set({ role: 'owner' }).where('user_id', '=', next.user_id).execute();
}

export async function memberCount(trx: Db, householdId: HouseholdId): Promise<number> {
  const row = await trx
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('household_id', '=', householdId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the user out of their household (leave, removal, or joining another): the membership
 * goes, an owner's role passes to the longest-standing member, and the household's settings
 * take a new seq (the plan may change with who is in it). The caller gives the user a new home.
 */
export async function detachMember(trx: Trx, userId: string, householdId: HouseholdId): Promise<void> {
  const role = (await trx.selectFrom('memberships').select('role').where('user_id', '=', userId).executeTakeFirst())?.role;
  await trx.deleteFrom('memberships').where('user_id', '=', userId).execute();
  if (role === 'owner') await promoteLongestStanding(trx, householdId);
  await touchSettings(trx, householdId);
}

/**
 * A home for a user who left or was removed: the household they left behind when they joined
 * (kept for them, with their data), else a fresh one of their own with a new random id.
 */
async function rehome(trx: Trx, userId: string, now: number): Promise<HouseholdId> {
  const kept = await trx
    .selectFrom('households')
    .select('id')
    .where('kept_for', '=', userId)
    .where('moved_to', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (kept) {
    await trx.updateTable('households').set({ kept_for: null }).where('id', '=', kept.id).execute();
    await trx.insertInto('memberships').values({ user_id: userId, household_id: kept.id, role: 'owner', joined_at: now }).execute();
    await touchSettings(trx, kept.id);
    return kept.id;
  }
  const user = await trx.selectFrom('users').select(['username', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
  return createHousehold(trx, userId, defaultHouseholdName(user.username, isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE), now);
}

type Departure = { userId: string; from: HouseholdId; to: HouseholdId; endedSessions: string[] };

/** Leave or removal, in one transaction; then `announceDeparture` after commit. */
export async function depart(trx: Trx, userId: string, householdId: HouseholdId, now: number): Promise<Departure> {
  await detachMember(trx, userId, householdId);
  const endedSessions = await markSessionsLeft(trx, userId, householdId, now);
  const to = await rehome(trx, userId, now);
  return { userId, from: householdId, to, endedSessions };
}

/** After commit: the person's live streams close, and both households' devices pull. */
export function announceDeparture(deps: Pick<AppDeps, 'feed'>, departure: Departure): void {
  deps.feed.sessionsEnded(departure.userId);
  deps.feed.publish(departure.from, ['settings']);
  deps.feed.publish(departure.to, [...REPLICATED_TABLES]);
}

/**
 * POST /api/household/leave. The person leaving gets their own household back (or a new one);
 * all their sessions, this one included, get 403 {household: 'left'} from now on (the route
 * answers a fresh token bound to the new household).
 */
export async function leaveHousehold(deps: Pick<AppDeps, 'db' | 'feed' | 'now'>, userId: string, householdId: HouseholdId): Promise<HouseholdId> {
  const now = deps.now();
  const departure = await deps.db.transaction().execute(async (trx) => {
    if ((await memberCount(trx, householdId)) <= 1) throw conflict(HOUSEHOLD_MESSAGES.onlyMember);
    return depart(trx, userId, householdId, now);
  });
  announceDeparture(deps, departure);
  return departure.to;
}

/** DELETE /api/household/members/{userId} (owner only). */
export async function removeMember(deps: Pick<AppDeps, 'db' | 'feed' | 'now'>, actor: { userId: string; role: HouseholdRole }, householdId: HouseholdId, memberId: string): Promise<void> {
  if (actor.role !== 'owner') throw forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
  if (memberId === actor.userId) throw conflict(HOUSEHOLD_MESSAGES.removeSelf);
  const now = deps.now();
  const departure = await deps.db.transaction().execute(async (trx) => {
    const member = await membershipOf(trx, memberId);
    if (!member || member.householdId !== householdId) throw notFound(HOUSEHOLD_MESSAGES.memberNotFound);
    return depart(trx, memberId, householdId, now);
  });
  announceDeparture(deps, departure);
}

/** POST /api/household/owner (owner only): the owner becomes a member. */
export async function transferOwnership(deps: Pick<AppDeps, 'db' | 'feed'>, actor: { userId: string; role: HouseholdRole }, householdId: HouseholdId, newOwnerId: string): Promise<void> {
  if (actor.role !== 'owner') throw forbidden(HOUSEHOLD_MESSAGES.ownerOnly);
  if (newOwnerId === actor.userId) throw conflict(HOUSEHOLD_MESSAGES.alreadyOwner);
  await deps.db.transaction().execute(async (trx) => {
    const member = await membershipOf(trx, newOwnerId);
    if (!member || member.householdId !== householdId) throw notFound(HOUSEHOLD_MESSAGES.memberNotFound);
    await trx.updateTable('memberships').set({ role: 'member' }).where('user_id', '=', actor.userId).execute();
    await trx.updateTable('memberships').set({ role: 'owner' }).where('user_id', '=', newOwnerId).execute();
  });
  announceHouseholdChange(deps, householdId);
}
