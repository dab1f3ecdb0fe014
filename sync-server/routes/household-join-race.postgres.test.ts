import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEHOLD_MESSAGES } from '../../shared/schemas/household.js';
import { inviteCode, person } from '../test-support/households.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13 on PostgreSQL, where transactions run side by side: a join through an invite of a
// household whose last member is, at that very moment, joining elsewhere waits for that join and
// then finds the invite dead (decision 016), instead of landing in a household with no members.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a join racing the departure of the invite household\'s last member', () => {
  it('waits for it, then answers 404: nobody lands in the emptied household', async () => {
    const grace = await person(t);
    const code = await inviteCode(grace);
    const third = await person(t);
    let settled = false;
    let joining: Promise<{ status: number; body: unknown }> | undefined;

    // Stands in for Grace's join elsewhere: the household row taken, her invites revoked, then commit.
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('households').select('id').where('id', '=', asHouseholdId(grace.userId)).forUpdate().execute();
      await trx.updateTable('invites').set({ revoked_at: t.deps.now() }).where('household_id', '=', asHouseholdId(grace.userId)).execute();
      joining = third.api.post('/api/household/join', { code, bringMyToys: false }).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false); // the join waits for this transaction
      await trx.updateTable('households').set({ kept_for: grace.userId }).where('id', '=', asHouseholdId(grace.userId)).execute();
    });

    const res = await joining!;
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: HOUSEHOLD_MESSAGES.inviteInvalid });
    expect((await third.api.get('/api/household')).body.id).toBe(third.userId);
    const inGraces = await t.db.selectFrom('memberships').select('user_id').where('household_id', '=', asHouseholdId(grace.userId)).execute();
    expect(inGraces).toEqual([{ user_id: grace.userId }]);
  });
});
