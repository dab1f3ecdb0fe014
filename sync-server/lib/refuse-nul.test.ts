import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, insertToys, rawRows } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';

// Found by the fuzz test on PostgreSQL: DELETE /api/private/deletetoy/%00 answered 500, since
// PostgreSQL text cannot hold NUL. Runs on both databases (the postgres project).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('a NUL character is refused with 400 on every database', () => {
  it('in a path parameter or query, and in a JSON body, changing nothing', async () => {
    const user = await seedUser(t.deps);
    const api = apiClient(t, user.token);
    await insertToys(t.deps, user.userId, 1);
    const before = await rawRows(t.deps, 'toys', user.userId);

    for (const res of [
      await api.del('deletetoy/%00'),
      await api.put('updatetoy/a%00b', { title: 'x' }),
      await api.get('getusertoys?x=%00'),
      await api.post('addToy', { data: '', title: 'Ball\u0000', type: 'Balls' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/NUL character/);
    }
    expect(await rawRows(t.deps, 'toys', user.userId)).toEqual(before);
  });

  it('still accepts an escaped backslash followed by the letters u0000', async () => {
    const user = await seedUser(t.deps);
    const [id] = await insertToys(t.deps, user.userId, 1);
    const res = await apiClient(t, user.token).put(`updatetoy/${id}`, { title: 'C:\\u0000 folder' });
    expect(res.body.toy).toMatchObject({ title: 'C:\\u0000 folder' });
  });
});
