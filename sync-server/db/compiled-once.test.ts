import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { compiledOnce } from './compiled-once.js';
import type { Database } from './schema.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Found by username and a creation time bound; 'paid' is compiled into the query.
const payingUsers = compiledOnce((db: Kysely<Database>, username: string, since: number) =>
  db.selectFrom('users').select('email').where('username', '=', username).where('plan', '=', 'paid').where('created_at', '>=', since),
);

describe('compiledOnce', () => {
  it('runs the query built once with each call\'s values, keeping the values compiled in', async () => {
    const ada = await seedUser(t.deps, { username: 'Ada', plan: 'paid' });
    const grace = await seedUser(t.deps, { username: 'Grace', plan: 'paid' });
    await seedUser(t.deps, { username: 'Grace', plan: 'free' });
    expect(await payingUsers(t.db, 'Ada', 0)).toEqual([{ email: ada.email }]);
    expect(await payingUsers(t.db, 'Grace', 0)).toEqual([{ email: grace.email }]);
    expect(await payingUsers(t.db, 'Grace', t.deps.now() + 60_000)).toEqual([]);
  });

  it('refuses a query that does not use an argument as a value', async () => {
    const unused = compiledOnce((db: Kysely<Database>, _name: string) => db.selectFrom('users').select('id'));
    await expect(unused(t.db, 'Ada')).rejects.toThrow(/every argument/);
  });
});
