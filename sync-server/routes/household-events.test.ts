import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplicatedTable } from '../db/schema.js';
import { family, join, person } from '../test-support/households.js';
import { createTestApp, jsonRequest, type TestApp } from '../test-support/test-app.js';
import { asHouseholdId } from '../db/schema.js';

// Issue 13: every member's Family screen follows the household live. Each change to its name or
// members reaches the household's live streams as a settings change (the app then asks
// GET /api/household again), as edits of its data do.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function heard(householdId: string) {
  const events: ReplicatedTable[][] = [];
  const stop = t.deps.feed.subscribe(asHouseholdId(householdId), (event) => events.push(event.collections));
  return { settings: () => events.filter((collections) => collections.includes('settings')).length, stop };
}

describe("changes to the household reach its members' streams", () => {
  it('renaming, handing over, joining, leaving and removal each publish a settings change', async () => {
    const { owner, member, householdId } = await family(t);
    const stream = heard(householdId);
    const steps: [string, () => Promise<{ status: number }>][] = [
      ['rename', async () => t.app.request('/api/household', jsonRequest('PATCH', { name: 'The Lovelaces' }, owner.token))],
      ['handover', () => owner.api.post('/api/household/owner', { userId: member.userId })],
      ['join', async () => join(owner, await person(t)).then(() => ({ status: 200 }))],
      ['leave', () => owner.api.post('/api/household/leave')],
      ['removal', async () => {
        const view = (await member.api.get('/api/household')).body as { members: { userId: string; role: string }[] };
        const other = view.members.find((m) => m.role !== 'owner')!;
        return member.api.del(`/api/household/members/${other.userId}`);
      }],
    ];
    for (const [name, step] of steps) {
      const before = stream.settings();
      expect((await step()).status, name).toBe(200);
      expect(stream.settings(), name).toBeGreaterThan(before);
    }
    stream.stop();
  });
});
