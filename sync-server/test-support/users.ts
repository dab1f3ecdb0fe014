import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../context.js';
import { newToken, hashToken } from '../lib/tokens.js';
import { createHousehold, defaultHouseholdName } from '../services/household/households.js';
import { SESSION_LIFETIME_MS } from '../../shared/domain/session.js';
import type { Plan } from '../../shared/domain/plans.js';
import { asHouseholdId } from '../db/schema.js';

/**
 * Inserts a user with their own household (id = user id, as registration does), default settings and a live session straight into the database, for
 * tests of everything but registration itself (which has its own tests through the API).
 */
export async function seedUser(
  deps: AppDeps,
  overrides: { email?: string; username?: string; plan?: Plan } = {},
): Promise<{ userId: string; token: string; email: string }> {
  const userId = randomUUID();
  const email = overrides.email ?? `parent-${userId.slice(0, 8)}@example.com`;
  const token = newToken();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: userId,
        username: overrides.username ?? 'Parent',
        email,
        password_hash: 'not-a-real-hash',
        plan: overrides.plan ?? 'free',
        stripe_customer_id: null,
        created_at: now,
        last_active_at: now,
      })
      .execute();
    await createHousehold(trx, userId, defaultHouseholdName(overrides.username ?? 'Parent'), now, asHouseholdId(userId));
    await trx
      .insertInto('sessions')
      .values({ token_hash: hashToken(token), user_id: userId, household_id: asHouseholdId(userId), created_at: now, expires_at: now + SESSION_LIFETIME_MS })
      .execute();
  });
  return { userId, token, email };
}
