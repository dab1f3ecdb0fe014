import type { AppDeps } from '../../context.js';
import type { SessionBinding } from './session-binding.js';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.js';
import type { DB } from '../../db/database.js';
import type { Database, HouseholdId, User } from '../../db/schema.js';
import { asHouseholdId } from '../../db/schema.js';
import type { HouseholdRole } from '../../../shared/schemas/household.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { sessionExpiresAt } from '../../../shared/domain/session.js';

/**
 * After a renewal the old token keeps working this long (never past its own end), rather than
 * dying at once: other tabs and requests already in flight still carry it, and a hard revoke
 * would log them out. One minute is plenty for them to pick up the new token.
 */
export const RENEW_GRACE_MS = 60 * 1000;

/** The household the user belongs to now and whether it is on Premium, read with the session. */
type CurrentHousehold = { id: HouseholdId; role: HouseholdRole; joinedAt: number; paid: boolean };

/** `household` is null for a user with no membership (which ownerOf refuses). */
export type SessionUser = { user: User; sessionHash: string; binding: SessionBinding; household: CurrentHousehold | null };

/**
 * One query for what every signed-in call needs (issue 16: it was three, each built anew): the
 * session, its user, the user's membership and the household's plan (Premium once a member pays).
 */
const sessionQuery = compiledOnce((db: Kysely<Database>, sessionHash: string, now: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', 'memberships.user_id', 'users.id')
    .selectAll('users')
    .select((eb) => [
      'sessions.household_id as session_household_id',
      'sessions.left_at as session_left_at',
      'memberships.household_id as member_household_id',
      'memberships.role as member_role',
      'memberships.joined_at as member_joined_at',
      eb
        .exists(
          eb
            .selectFrom('memberships as paying')
            .innerJoin('users as payer', 'payer.id', 'paying.user_id')
            .select('payer.id')
            .whereRef('paying.household_id', '=', 'memberships.household_id')
            .where('payer.plan', '=', 'paid'),
        )
        .as('household_paid'),
    ])
    .where('sessions.token_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', now),
);

/** The user of a live session (by bearer token, or by its hash), or null for an unknown or ended one. */
export async function findSessionUser(
  deps: Pick<AppDeps, 'db' | 'now'>,
  token: string,
  options: { hashed?: boolean } = {},
): Promise<SessionUser | null> {
  const sessionHash = options.hashed ? token : hashToken(token);
  const now = deps.now();
  const [row] = await sessionQuery(deps.db, sessionHash, now);
  if (!row) return null;
  const { session_household_id, session_left_at, member_household_id, member_role, member_joined_at, household_paid, ...user } = row;
  const binding: SessionBinding = {
    // Null only for sessions from before households: those were opened in the founding household.
    householdId: session_household_id ?? asHouseholdId(user.id),
    leftAt: session_left_at === null ? null : Number(session_left_at),
  };
  const household =
    member_household_id === null || member_role === null
      ? null
      : { id: member_household_id, role: member_role, joinedAt: Number(member_joined_at), paid: Boolean(household_paid) };
  return { user, sessionHash, binding, household };
}

/**
 * Opens a session for the user, bound to the household they belong to now (issue 13); the
 * token is returned once and only its hash is stored. The user's ended sessions are dropped on
 * the way (an indexed delete), so renewals every two hours do not pile up rows between runs of
 * the daily cleanup. `lineage`: the token hash of the login a renewal comes from.
 */
export async function createSession(db: DB, userId: string, now: number, lineage: string | null = null): Promise<string> {
  const token = newToken();
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  const householdId = await householdIdOf(db, userId);
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      household_id: householdId,
      created_at: now,
      expires_at: sessionExpiresAt(now),
      lineage,
    })
    .execute();
  return token;
}

/** The household the user belongs to now (their own id for an account from before households, which has one by that id). */
export async function householdIdOf(db: DB, userId: string): Promise<HouseholdId> {
  const membership = await db.selectFrom('memberships').select('household_id').where('user_id', '=', userId).executeTakeFirst();
  // No membership (an account mid-deletion): its founding household's id, as registration gives.
  return membership?.household_id ?? asHouseholdId(userId);
}

/** A fresh full-length session for the holder of a live one; the old one winds down (see RENEW_GRACE_MS). */
export async function renewSession(deps: Pick<AppDeps, 'db' | 'now'>, userId: string, oldTokenHash: string): Promise<string> {
  const { db } = deps;
  const now = deps.now();
  const old = await db.selectFrom('sessions').select('lineage').where('token_hash', '=', oldTokenHash).executeTakeFirst();
  const token = await createSession(db, userId, now, old?.lineage ?? oldTokenHash);
  await db
    .updateTable('sessions')
    .set({ expires_at: now + RENEW_GRACE_MS })
    .where('token_hash', '=', oldTokenHash)
    .where('expires_at', '>', now + RENEW_GRACE_MS)
    .execute();
  return token;
}

/**
 * Logout: ends this session and every other token of its login (the one it was renewed from,
 * still in its grace minute, and any renewed from it), so no stream opened with an earlier
 * token outlives the logout. Other logins of the user (other devices) stay. Returns the
 * hashes ended, for their live streams.
 */
export async function endLogin(deps: Pick<AppDeps, 'db'>, userId: string, tokenHash: string): Promise<string[]> {
  const row = await deps.db.selectFrom('sessions').select('lineage').where('token_hash', '=', tokenHash).executeTakeFirst();
  const login = row?.lineage ?? tokenHash;
  const ended = await deps.db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('token_hash', '=', login), eb('lineage', '=', login)]))
    .returning('token_hash')
    .execute();
  return [...new Set([tokenHash, ...ended.map((session) => session.token_hash)])];
}

/** Sessions past their end are useless (requireUser ignores them); the daily job may drop them. */
export async function purgeExpiredSessions(db: DB, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
