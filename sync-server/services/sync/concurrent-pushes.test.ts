import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonRequest, type TestApp } from '../../test-support/test-app.js';
import { seedUser } from '../../test-support/users.js';

// Pushes of one household from several devices at once. PostgreSQL runs transactions side by
// side: a push that merged against the stored state read before another push committed would
// write its merge over that push's change (a lost edit). Every push takes the household's lock
// before it reads what it merges with (decision 008); on SQLite the same test holds trivially.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function pull(token: string, table: string) {
  const res = await t.app.request(`/api/sync/${table}/pull?batchSize=100`, jsonRequest('GET', undefined, token));
  return ((await res.json()) as { documents: Record<string, unknown>[] }).documents;
}

describe('pushes of one household at the same time', () => {
  it('keep every device\'s change to a different field of the settings', async () => {
    const user = await seedUser(t.deps);
    const [base] = await pull(user.token, 'settings');
    const edits: Record<string, unknown>[] = [
      { rotationToysNumber: 3 },
      { tipsDismissed: true },
      { rotationMode: 'balanced' },
      { reminderEmail: true },
      { timeZone: 'Europe/Paris' },
      { firstChildName: 'Mia' },
      { rotationIntervalDays: 7 },
      { firstChildBirthYear: 2023 },
    ];
    const answers = await Promise.all(
      edits.map((edit) =>
        t.app.request('/api/sync/settings/push', jsonRequest('POST', [{ newDocumentState: { ...base, ...edit }, assumedMasterState: base }], user.token)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(edits.map(() => 200));
    const [stored] = await pull(user.token, 'settings');
    expect(stored).toMatchObject(Object.assign({}, ...edits));
  });

  it('keep both the rotation stored last and its date, whatever the settings push in between says', async () => {
    const user = await seedUser(t.deps);
    const [base] = await pull(user.token, 'settings');
    const rotation = (id: string, createdAt: number) => ({ newDocumentState: { id, createdAt, toyIds: [], childId: 'first-child', serverOrder: null, _deleted: false } });
    // Device B rotated (its rotation and its settings with that date), device A rotated too.
    const pushes = [];
    for (let i = 0; i < 6; i++) {
      pushes.push(t.app.request('/api/sync/rotations/push', jsonRequest('POST', [rotation(`r-${i}`, 1000 + i)], user.token)));
      pushes.push(
        t.app.request('/api/sync/settings/push', jsonRequest('POST', [{ newDocumentState: { ...base, lastRotationDate: 1000 + i }, assumedMasterState: base }], user.token)),
      );
    }
    for (const answer of await Promise.all(pushes)) expect(answer.status).toBe(200);
    const rotations = (await pull(user.token, 'rotations')).filter((r) => !r._deleted);
    const current = [...rotations].sort((a, b) => (b.serverOrder as number) - (a.serverOrder as number))[0]!;
    const [stored] = await pull(user.token, 'settings');
    expect(stored!.lastRotationDate).toBe(current.createdAt);
  });
});
