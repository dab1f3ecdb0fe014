import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import { childLabel, listChildren } from '../../../shared/domain/children.js';
import { addDays, dayOf, nextDueDay, upcomingDueDays, type Day } from '../../../shared/domain/schedule.js';
import type { SettingsDoc } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import type { Mail } from '../mailer.js';
import { nextSeq } from '../change-feed.js';
import { writeReplicated } from '../replicated-write.js';
import { settingsFromRow } from '../sync/row-mapping.js';
import { isoDate } from '../toys/toy-mapper.js';
import { loadSettingsDoc } from './children.js';

// Schedule reminders (issue 14, decision 018): an email on the due day (at most one per due
// day and household) and a private calendar feed. Services take the data owner's id.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** 32 random bytes (256 bits), URL-safe. */
const newSecret = () => randomBytes(32).toString('base64url');

/** POST calendarFeed: a new secret (the old link stops working). The link is shown only now. */
export async function createCalendarFeed(deps: AppDeps, ownerId: string): Promise<{ url: string; createdAt: string }> {
  const secret = newSecret();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where('owner_id', '=', ownerId).execute();
    await trx.insertInto('calendar_feeds').values({ owner_id: ownerId, secret_hash: sha256(secret), created_at: now }).execute();
  });
  return { url: `${deps.env.APP_URL}/api/calendar/${secret}.ics`, createdAt: isoDate(now) };
}

/** GET calendarFeed: whether a link exists (its secret is never shown again). */
export async function calendarFeedState(deps: AppDeps, ownerId: string): Promise<{ active: boolean; createdAt: string | null }> {
  const row = await deps.db.selectFrom('calendar_feeds').select('created_at').where('owner_id', '=', ownerId).executeTakeFirst();
  return { active: Boolean(row), createdAt: row ? isoDate(Number(row.created_at)) : null };
}

/** DELETE calendarFeed: the link stops working. */
export async function revokeCalendarFeed(deps: AppDeps, ownerId: string): Promise<void> {
  await deps.db.deleteFrom('calendar_feeds').where('owner_id', '=', ownerId).execute();
}

/** How many due days per child the feed lists. */
const FEED_OCCURRENCES = 8;

/** The due days ahead, each with the children due then (first child first). */
function dueDays(settings: SettingsDoc, now: number, perChild: number): Map<Day, string[]> {
  const days = new Map<Day, string[]>();
  listChildren(settings).forEach((child, index) => {
    for (const day of upcomingDueDays(child, settings.timeZone, now, perChild)) days.set(day, [...(days.get(day) ?? []), childLabel(child, index)]);
  });
  return new Map([...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** GET /api/calendar/{secret}.ics: the upcoming due days as all-day events; null for an unknown (or revoked) secret. */
export async function calendarFeed(deps: AppDeps, secret: string): Promise<string | null> {
  const row = await deps.db.selectFrom('calendar_feeds').select('owner_id').where('secret_hash', '=', sha256(secret)).executeTakeFirst();
  if (!row) return null;
  const settings = await loadSettingsDoc(deps.db, row.owner_id);
  const calendar = ical({ name: 'Toy rotation', prodId: { company: 'Toy Rotation', product: 'Rotation schedule' }, ttl: 6 * 60 * 60 });
  for (const [day, names] of dueDays(settings, deps.now(), FEED_OCCURRENCES)) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: `${day}-${sha256(row.owner_id).slice(0, 16)}@toyrotation`,
      start: new Date(Date.UTC(year, month - 1, date)), // all-day: ical-generator writes the UTC date
      allDay: true,
      summary: `Toy rotation due: ${names.join(', ')}`,
      description: 'Time to rotate the toys. Open Toy Rotation and press Rotate.',
      url: `${deps.env.APP_URL}/rotation`,
    });
  }
  return calendar.toString();
}

/** The unsubscribe token of a household's reminder emails (made on first use). */
async function reminderToken(deps: AppDeps, ownerId: string): Promise<string> {
  const row = await deps.db.selectFrom('settings').select('reminder_token').where('user_id', '=', ownerId).executeTakeFirst();
  if (row?.reminder_token) return row.reminder_token;
  const token = newSecret();
  await deps.db.updateTable('settings').set({ reminder_token: token }).where('user_id', '=', ownerId).where('reminder_token', 'is', null).execute();
  const stored = await deps.db.selectFrom('settings').select('reminder_token').where('user_id', '=', ownerId).executeTakeFirst();
  return stored?.reminder_token ?? token;
}

/** The household whose reminder emails an unsubscribe token stops, or null for an unknown token. */
async function reminderOwner(deps: AppDeps, token: string): Promise<string | null> {
  if (token.length < 20) return null;
  const row = await deps.db.selectFrom('settings').select('user_id').where('reminder_token', '=', token).executeTakeFirst();
  return row?.user_id ?? null;
}

/** GET /api/reminders/unsubscribe/{token}: whether the link is valid (the page only asks; a GET changes nothing). */
export async function isUnsubscribeToken(deps: AppDeps, token: string): Promise<boolean> {
  return (await reminderOwner(deps, token)) !== null;
}

/** POST /api/reminders/unsubscribe/{token}: reminders off (a replicated setting, so every device shows it). */
export async function unsubscribeReminders(deps: AppDeps, token: string): Promise<boolean> {
  const ownerId = await reminderOwner(deps, token);
  if (ownerId === null) return false;
  await writeReplicated(deps, ownerId, ['settings'], async (trx) => {
    await trx.updateTable('settings').set({ reminder_email: 0, seq: await nextSeq(trx) }).where('user_id', '=', ownerId).execute();
  });
  return true;
}

/**
 * The reminder job: for each household with reminders on, the children due today (or
 * yesterday, if the job could not run then) get one email per due day, to the household's
 * owner. Each due day is claimed by a row in rotation_reminders under that day (not the day
 * the job runs), so two instances or two runs never send it twice, and a child still due from
 * yesterday is not reminded again today; a failed send gives the claims back.
 */
export async function sendDueReminders(deps: AppDeps): Promise<number> {
  const now = deps.now();
  const rows = await deps.db.selectFrom('settings').selectAll().where('reminder_email', '=', 1).execute();
  let sent = 0;
  for (const row of rows) {
    const settings = settingsFromRow(row, 'free');
    const today = dayOf(now, settings.timeZone);
    const due = listChildren(settings)
      .map((child, index) => ({ name: childLabel(child, index), day: nextDueDay(child, settings.timeZone, now) }))
      .filter((child): child is { name: string; day: Day } => child.day !== null && child.day <= today && child.day >= addDays(today, -1));
    if (due.length === 0) continue;
    // The household's owner (issue 13): a household's id is not always a user's id.
    const owner = await deps.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select(['users.email', 'users.username'])
      .where('memberships.household_id', '=', row.user_id)
      .where('memberships.role', '=', 'owner')
      .executeTakeFirst();
    if (!owner) continue;
    const claimed = await claimDueDays(deps, row.user_id, [...new Set(due.map((child) => child.day))], now);
    if (claimed.length === 0) continue; // every due day already had its email
    try {
      const token = await reminderToken(deps, row.user_id);
      const names = due.filter((child) => claimed.includes(child.day)).map((child) => child.name);
      await deps.mailer.send(reminderMail(deps.env.APP_URL, owner.email, names, token));
      sent++;
    } catch (error) {
      await deps.db.deleteFrom('rotation_reminders').where('owner_id', '=', row.user_id).where('due_date', 'in', claimed).execute();
      deps.log(`rotation reminder to ${row.user_id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return sent;
}

/** Claims each due day not claimed yet (one email per household and due day); returns those it claimed. */
async function claimDueDays(deps: AppDeps, ownerId: string, days: Day[], now: number): Promise<Day[]> {
  const claimed: Day[] = [];
  for (const day of days) {
    const result = await deps.db
      .insertInto('rotation_reminders')
      .values({ owner_id: ownerId, due_date: day, sent_at: now })
      .onConflict((oc) => oc.columns(['owner_id', 'due_date']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) claimed.push(day);
  }
  return claimed;
}

function reminderMail(appUrl: string, to: string, names: string[], token: string): Mail {
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const unsubscribe = `${appUrl}/api/reminders/unsubscribe/${token}`;
  return {
    to,
    subject: `Toy rotation due today: ${who}`,
    text:
      `Hello,\n\nIt is time to rotate the toys for ${who}.\n` +
      `Open Toy Rotation and press Rotate: ${appUrl}/rotation\n\n` +
      `You get this email because rotation reminders are on in Settings.\n` +
      `Stop these emails: ${unsubscribe}\n`,
    // RFC 2369 and RFC 8058: the mail program's own unsubscribe button POSTs to the link at once
    // (the link opened in a browser asks first, so a mail scanner's GET changes nothing).
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
