import type { TestApp } from './test-app.js';
import { apiClient } from './toys.js';
import { seedUser } from './users.js';
import type { Plan } from '../../shared/domain/plans.js';

// Households (issue 13) in tests: a person with their own household, and a family of two.

export type Person = Awaited<ReturnType<typeof person>>;

/** A signed-in account with its own household (id = user id), and an API client. */
export async function person(t: TestApp, options: { username?: string; plan?: Plan } = {}) {
  const user = await seedUser(t.deps, { username: options.username ?? 'Parent', plan: options.plan });
  return { ...user, api: apiClient(t, user.token) };
}

/** An invite code of `inviter`'s household. */
export async function inviteCode(inviter: Person, email?: string): Promise<string> {
  const res = await inviter.api.post('/api/household/invites', email ? { email } : {});
  if (res.status !== 200) throw new Error(`invite: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.code as string;
}

/** `joiner` joins `inviter`'s household through an invite; throws unless it worked. */
export async function join(inviter: Person, joiner: Person, bringMyToys = false) {
  const code = await inviteCode(inviter);
  const res = await joiner.api.post('/api/household/join', { code, bringMyToys });
  if (res.status !== 200) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; name: string; role: string; members: { userId: string; username: string; role: string }[] };
}

/** An owner and a member sharing the owner's household. */
export async function family(t: TestApp, options: { ownerPlan?: Plan } = {}) {
  const owner = await person(t, { username: 'Ada', plan: options.ownerPlan });
  const member = await person(t, { username: 'Grace' });
  await join(owner, member);
  return { owner, member, householdId: owner.userId };
}
