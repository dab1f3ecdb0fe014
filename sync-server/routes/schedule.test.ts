import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../services/practice/schedule-reminders.js';
import { runScheduledReminders } from '../services/scheduled-jobs.js';
import { family } from '../test-support/households.js';
import { apiClient, insertToys } from '../test-support/toys.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { seedUser } from '../test-support/users.js';
import { asHouseholdId } from '../db/schema.js';

// Schedule reminders (issue 14): the private calendar feed and the due-day email. Both databases.

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newUser() {
  const user = await seedUser(t.deps);
  return { ...user, api: apiClient(t, user.token) };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('calendar feed', () => {
  it('a private, revocable iCalendar feed of the upcoming due days with the children names', async () => {
    const { api, userId } = await newUser();
    await insertToys(t.deps, userId, 4);
    await api.put('updateChild/first-child', { name: 'Ada', rotationIntervalDays: 7 });
    await api.post('addChild', { name: 'Max', rotationIntervalDays: 7 });
    await api.get('pickRandomToys');
    expect((await api.get('calendarFeed')).body).toEqual({ active: false, createdAt: null });

    const created = await api.post('calendarFeed');
    expect(created.status).toBe(200);
    const url = new URL(created.body.url as string);
    const secret = url.pathname.match(/^\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/)?.[1];
    expect(secret).toBeDefined();
    expect(Buffer.from(secret as string, 'base64url').length).toBeGreaterThanOrEqual(16); // >= 128 bits
    expect((await api.get('calendarFeed')).body.active).toBe(true);

    const res = await t.app.request(url.pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const ics = await res.text();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('VERSION:2.0');
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const nextDue = utcDay(t.deps.now() + 7 * DAY).replaceAll('-', '');
    expect(ics).toContain(`DTSTART;VALUE=DATE:${nextDue}`);
    expect(ics).toMatch(/SUMMARY:Toy rotation due: Ada/);
    expect(ics).toMatch(/SUMMARY:Toy rotation due: Max/); // Max never rotated: due today
    expect(ics.match(/BEGIN:VEVENT/g)?.length).toBeGreaterThanOrEqual(8);
    for (const line of ics.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75); // folded lines

    // Regenerating makes the old link stop working; revoking stops the new one.
    const again = new URL((await api.post('calendarFeed')).body.url as string);
    expect((await t.app.request(url.pathname)).status).toBe(404);
    expect((await t.app.request(again.pathname)).status).toBe(200);
    expect((await api.del('calendarFeed')).status).toBe(200);
    expect((await t.app.request(again.pathname)).status).toBe(404);
    expect((await t.app.request('/api/calendar/nothing.ics')).status).toBe(404);
  });
});

describe('reminder emails', () => {
  it('one email on the due day per household, with a working unsubscribe link', async () => {
    const { api, userId, email } = await newUser();
    await insertToys(t.deps, userId, 4);
    await api.put('updateSettings', { rotationIntervalDays: 2, reminderEmail: true });
    await api.get('pickRandomToys');
    await sendDueReminders(t.deps);
    expect(t.sent.filter((mail) => mail.to === email)).toEqual([]); // not due yet

    t.advance(2 * DAY);
    const before = t.sent.length;
    await sendDueReminders(t.deps);
    await sendDueReminders(t.deps); // the same due day: not again
    const mails = t.sent.slice(before).filter((mail) => mail.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Toy rotation due today: Your child');
    const link = mails[0]!.text.match(/Stop these emails: (\S+)/)?.[1];
    expect(link).toBeDefined();
    // RFC 2369 and RFC 8058: mail programs offer their own one-click unsubscribe button.
    expect(mails[0]!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const reminderEmail = async () =>
      Number((await t.db.selectFrom('settings').select('reminder_email').where('household_id', '=', asHouseholdId(userId)).executeTakeFirstOrThrow()).reminder_email);

    // Opening the link (as a mail scanner fetching links would) only asks; nothing changes.
    const path = new URL(link as string).pathname;
    const page = await t.app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<form method="post">[\s\S]*<button type="submit">Stop reminder emails<\/button>/);
    expect(await reminderEmail()).toBe(1);
    expect((await t.app.request(path, { method: 'HEAD' })).status).toBe(200);
    expect(await reminderEmail()).toBe(1);

    // The page's button, or a mail program's one-click POST, turns them off.
    const done = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will no longer get rotation reminder emails');
    // Off in the replicated settings (the session itself has expired after two days).
    expect(await reminderEmail()).toBe(0);
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(200); // again: still off, still fine
    t.advance(DAY);
    const after = t.sent.length;
    await sendDueReminders(t.deps);
    expect(t.sent.slice(after).filter((mail) => mail.to === email)).toEqual([]);
    for (const method of ['GET', 'POST']) {
      const bad = await t.app.request('/api/reminders/unsubscribe/not-a-real-token-at-all', { method });
      expect(bad.status).toBe(404);
      expect((await bad.json()).error).toBe('This unsubscribe link is not valid.');
    }
  });

  it('sends one email per due day: not again the next day while the rotation is still due', async () => {
    const { api, userId, email } = await newUser();
    await insertToys(t.deps, userId, 4);
    await api.put('updateSettings', { rotationIntervalDays: 2, reminderEmail: true });
    await api.get('pickRandomToys');
    const mine = (from: number) => t.sent.slice(from).filter((mail) => mail.to === email);

    t.advance(2 * DAY);
    let before = t.sent.length;
    await sendDueReminders(t.deps);
    expect(mine(before)).toHaveLength(1);
    // Not rotated yet, reminders still on: the same due day, one day later.
    t.advance(DAY);
    before = t.sent.length;
    await sendDueReminders(t.deps);
    expect(mine(before)).toEqual([]);
  });

  it('a child due today is reminded even when another child was reminded yesterday, and only that child', async () => {
    const { api, userId, email } = await newUser();
    await insertToys(t.deps, userId, 4);
    await api.put('updateChild/first-child', { name: 'Ada' });
    await api.put('updateSettings', { rotationIntervalDays: 1, reminderEmail: true });
    const max = (await api.post('addChild', { name: 'Max', rotationIntervalDays: 2 })).body.id as string;
    await api.get('pickRandomToys'); // Ada: due tomorrow
    await api.post(`rotateChild/${max}`); // Max: due the day after
    const mine = (from: number) => t.sent.slice(from).filter((mail) => mail.to === email);

    t.advance(DAY);
    let before = t.sent.length;
    await sendDueReminders(t.deps);
    expect(mine(before).map((mail) => mail.subject)).toEqual(['Toy rotation due today: Ada']);
    // Max is due today; Ada, not rotated, still from yesterday (already reminded).
    t.advance(DAY);
    before = t.sent.length;
    await sendDueReminders(t.deps);
    expect(mine(before).map((mail) => mail.subject)).toEqual(['Toy rotation due today: Max']);
    await sendDueReminders(t.deps);
    expect(mine(before)).toHaveLength(1);
  });

  it("goes to the household's owner after ownership is handed over (issue 13)", async () => {
    const { owner, member, householdId } = await family(t);
    await insertToys(t.deps, householdId, 4);
    await owner.api.put('updateSettings', { rotationIntervalDays: 1, reminderEmail: true });
    await owner.api.get('pickRandomToys');
    expect((await owner.api.post('/api/household/owner', { userId: member.userId })).status).toBe(200);

    t.advance(DAY);
    const before = t.sent.length;
    await sendDueReminders(t.deps);
    const mails = t.sent.slice(before);
    expect(mails.filter((mail) => mail.to === member.email)).toHaveLength(1);
    expect(mails.filter((mail) => mail.to === owner.email)).toEqual([]);
  });

  it('runs as a scheduled job once per period across instances', async () => {
    const first = await runScheduledReminders(t.deps);
    expect(first).not.toBeNull();
    expect(await runScheduledReminders(t.deps)).toBeNull(); // ran moments ago
    const runs = await t.db.selectFrom('job_runs').selectAll().where('name', '=', 'rotation-reminders').execute();
    expect(runs).toHaveLength(1);
  });
});
