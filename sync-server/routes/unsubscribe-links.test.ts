import { createHash } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.js';
import { createSession } from '../services/auth/sessions.js';
import { sendDueReminders } from '../services/practice/schedule-reminders.js';
import { openUnmigratedDatabase } from '../test-support/test-database.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { apiClient, insertToys } from '../test-support/toys.js';
import { seedUser } from '../test-support/users.js';
import { asHouseholdId } from '../db/schema.js';

// Reminder unsubscribe links (decision 028): only the token's hash is kept; each email has its
// own link; turning reminders off and on again ends every link mailed before, and an ended link
// opened in a browser gets a page that says why. Both databases.

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Rotates (a rotation makes the next due day), waits until it is due, and returns the email's link. */
async function nextReminderLink(userId: string, email: string): Promise<string> {
  await (await seedSessionApi(userId)).get('pickRandomToys');
  t.advance(2 * DAY);
  const before = t.sent.length;
  await sendDueReminders(t.deps);
  const mail = t.sent.slice(before).find((m) => m.to === email);
  expect(mail).toBeDefined();
  return new URL(/Stop these emails: (\S+)/.exec(mail!.text)![1]!).pathname;
}

const post = (path: string, accept = 'application/json') => t.app.request(path, { method: 'POST', headers: { accept } });

describe('reminder unsubscribe links', () => {
  it('are stored hashed, stay valid while reminders are off, and end when reminders are turned on again', async () => {
    const user = await seedUser(t.deps);
    const api = apiClient(t, user.token);
    await insertToys(t.deps, user.userId, 4);
    await api.put('updateSettings', { rotationIntervalDays: 2, reminderEmail: true });
    const first = await nextReminderLink(user.userId, user.email);
    const token = first.split('/').at(-1)!;

    // At rest: the hash only.
    const stored = await t.db.selectFrom('reminder_unsubscribe_tokens').selectAll().where('owner_id', '=', asHouseholdId(user.userId)).execute();
    expect(stored.map((row) => row.token_hash)).toEqual([sha256(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Each email its own link; an earlier one still works while reminders stay on.
    const second = await nextReminderLink(user.userId, user.email);
    expect(second).not.toBe(first);
    expect((await t.app.request(first)).status).toBe(200);

    // Unsubscribing turns reminders off; the link keeps saying so (mail programs may POST twice).
    expect((await post(second)).status).toBe(200);
    expect((await post(second)).status).toBe(200);

    // On again (in Settings): every link mailed before has ended, with a page that says why.
    const fresh = await seedSessionApi(user.userId);
    await fresh.put('updateSettings', { reminderEmail: true });
    for (const old of [first, second]) {
      const page = await t.app.request(old, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('This link no longer works');
      const program = await post(old);
      expect(program.status).toBe(404);
      expect(await program.json()).toEqual({ error: 'This unsubscribe link is not valid.' });
    }
    const settings = () => t.db.selectFrom('settings').select('reminder_email').where('household_id', '=', asHouseholdId(user.userId)).executeTakeFirstOrThrow();
    expect(Number((await settings()).reminder_email)).toBe(1); // the ended links changed nothing

    // The next email's link works.
    const third = await nextReminderLink(user.userId, user.email);
    expect((await post(third)).status).toBe(200);
    expect(Number((await settings()).reminder_email)).toBe(0);
  });

  it('end however the settings are written (the rule is the database\'s, not one route\'s)', async () => {
    const user = await seedUser(t.deps);
    await t.db.insertInto('reminder_unsubscribe_tokens').values({ token_hash: sha256('x'.repeat(43)), owner_id: asHouseholdId(user.userId), created_at: t.deps.now() }).execute();
    const setReminders = (on: number) => t.db.updateTable('settings').set({ reminder_email: on }).where('household_id', '=', asHouseholdId(user.userId)).execute();
    await setReminders(1); // off -> on: ends the links mailed before
    expect(await t.db.selectFrom('reminder_unsubscribe_tokens').select('token_hash').where('owner_id', '=', asHouseholdId(user.userId)).execute()).toEqual([]);
    await t.db.insertInto('reminder_unsubscribe_tokens').values({ token_hash: sha256('y'.repeat(43)), owner_id: asHouseholdId(user.userId), created_at: t.deps.now() }).execute();
    await setReminders(1); // on -> on: nothing ends
    await setReminders(0); // on -> off: the link still confirms
    expect(await t.db.selectFrom('reminder_unsubscribe_tokens').select('token_hash').where('owner_id', '=', asHouseholdId(user.userId)).execute()).toHaveLength(1);
  });
});

/** A new login of the user: days pass in these tests, and sessions run out. */
async function seedSessionApi(userId: string) {
  return apiClient(t, await createSession(t.db, userId, t.deps.now()));
}

describe('migration 1000 of 2026-11-27 on existing links', () => {
  it('keeps each plain-text token working as its hash, and drops the plain-text column', async () => {
    const opened = await openUnmigratedDatabase();
    const { db } = opened;
    const MIGRATION = '2026-11-27-1000-unsubscribe-hash';
    const upTo = (before: string | null) =>
      new Migrator({
        db,
        provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).filter(([name]) => before === null || name <= before)) },
        migrationTableSchema: opened.migrationTableSchema,
      });
    try {
      const previous = Object.keys(migrations).filter((name) => name < MIGRATION).at(-1)!;
      expect((await upTo(previous).migrateToLatest()).error).toBeUndefined();
      await sql`insert into users (id, username, email, password_hash, plan, created_at, last_active_at) values ('u', 'Ada', 'u@example.com', 'x', 'free', 1, 1)`.execute(db);
      await sql`insert into households (id, name, created_at, kept_for, moved_to) values ('u', 'Family', 1, null, null)`.execute(db);
      await sql`insert into settings (user_id, rotation_toys_number, last_rotation_date, tips_dismissed, seq, reminder_email, reminder_token) values ('u', 3, null, 0, 1, 1, 'plain-text-token-of-an-old-email')`.execute(db);
      expect((await upTo(MIGRATION).migrateToLatest()).error).toBeUndefined();
      const links = (await sql<{ token_hash: string; owner_id: string }>`select token_hash, owner_id from reminder_unsubscribe_tokens`.execute(db)).rows;
      expect(links).toEqual([{ token_hash: sha256('plain-text-token-of-an-old-email'), owner_id: 'u' }]);
      await expect(sql`select reminder_token from settings`.execute(db as Kysely<unknown>)).rejects.toThrow();
    } finally {
      await opened.close();
    }
  });
});
