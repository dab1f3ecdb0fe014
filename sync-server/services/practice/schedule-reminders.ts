import { createHash, randomBytes } from 'node:crypto';
import { childLabel, listChildren } from '../../../shared/domain/children.js';
import { addDays, dayOf, nextDueDay, type Day } from '../../../shared/domain/schedule.js';
import type { AppDeps } from '../../context.js';
import type { Mail } from '../mailer.js';
import { patchSettings } from '../replicated/apply.js';
import { replicatedTransaction } from '../replicated/transaction.js';
import { settingsFromRow } from '../sync/row-mapping.js';
import { isoDate } from '../toys/toy-mapper.js';
import { calendarFeedUrl } from './calendar-feed.js';
import { newUnsubscribeToken, unsubscribeLinkOwner } from './unsubscribe-links.js';
import type { HouseholdId } from '../../db/schema.js';
import type { Language } from '../../../shared/languages.js';
import { emailLanguage, emailText, type EmailText } from '../../i18n/emails.js';
import { householdOwner } from '../household/household-owner.js';

// Schedule reminders (issue 14, decision 018): an email on the due day (at most one per due
// day and household) and a private calendar feed. Services take the data owner's id.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** 32 random bytes (256 bits), URL-safe. */
const newSecret = () => randomBytes(32).toString('base64url');

/** POST calendarFeed: a new secret (the old link stops working). The link is shown only now. */
export async function createCalendarFeed(deps: AppDeps, householdId: HouseholdId, language?: string | null): Promise<{ url: string; createdAt: string }> {
  const secret = newSecret();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where('owner_id', '=', householdId).execute();
    await trx.insertInto('calendar_feeds').values({ owner_id: householdId, secret_hash: sha256(secret), created_at: now }).execute();
  });
  // The link carries the language of the person who made it (calendar-feed.ts).
  return { url: calendarFeedUrl(deps.env.APP_URL, secret, language), createdAt: isoDate(now) };
}

/** GET calendarFeed: whether a link exists (its secret is never shown again). */
export async function calendarFeedState(deps: AppDeps, householdId: HouseholdId): Promise<{ active: boolean; createdAt: string | null }> {
  const row = await deps.db.selectFrom('calendar_feeds').select('created_at').where('owner_id', '=', householdId).executeTakeFirst();
  return { active: Boolean(row), createdAt: row ? isoDate(Number(row.created_at)) : null };
}

/** DELETE calendarFeed: the link stops working. */
export async function revokeCalendarFeed(deps: AppDeps, householdId: HouseholdId): Promise<void> {
  await deps.db.deleteFrom('calendar_feeds').where('owner_id', '=', householdId).execute();
}

/** GET /api/reminders/unsubscribe/{token}: whether the link is valid (the page only asks; a GET changes nothing). */
export async function isUnsubscribeToken(deps: AppDeps, token: string): Promise<boolean> {
  return (await unsubscribeLinkOwner(deps, token)) !== null;
}

/** POST /api/reminders/unsubscribe/{token}: reminders off (a replicated setting, so every device shows it). */
export async function unsubscribeReminders(deps: AppDeps, token: string): Promise<boolean> {
  const householdId = await unsubscribeLinkOwner(deps, token);
  if (householdId === null) return false;
  await replicatedTransaction(deps, householdId, { quotas: ['settings'], announce: ['settings'] }, async ({ trx }) => {
    await patchSettings(trx, householdId, { reminderEmail: false });
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
      .map((child, index) => ({ child: { name: child.name, first: child.first, index }, day: nextDueDay(child, settings.timeZone, now) }))
      .filter((child): child is { child: ReminderChild; day: Day } => child.day !== null && child.day <= today && child.day >= addDays(today, -1));
    if (due.length === 0) continue;
    const owner = await householdOwner(deps.db, row.household_id);
    if (!owner) continue;
    const claimed = await claimDueDays(deps, row.household_id, [...new Set(due.map((child) => child.day))], now);
    if (claimed.length === 0) continue; // every due day already had its email
    try {
      const token = await newUnsubscribeToken(deps, row.household_id);
      const children = due.filter((child) => claimed.includes(child.day)).map((child) => child.child);
      await deps.mailer.send(reminderMail(deps.env.APP_URL, owner.email, children, token, emailLanguage(owner.language)));
      sent++;
    } catch (error) {
      await deps.db.deleteFrom('rotation_reminders').where('owner_id', '=', row.household_id).where('due_date', 'in', claimed).execute();
      deps.log(`rotation reminder to ${row.household_id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return sent;
}

/** Claims each due day not claimed yet (one email per household and due day); returns those it claimed. */
async function claimDueDays(deps: AppDeps, householdId: HouseholdId, days: Day[], now: number): Promise<Day[]> {
  const claimed: Day[] = [];
  for (const day of days) {
    const result = await deps.db
      .insertInto('rotation_reminders')
      .values({ owner_id: householdId, due_date: day, sent_at: now })
      .onConflict((oc) => oc.columns(['owner_id', 'due_date']).doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) claimed.push(day);
  }
  return claimed;
}

/** A due child as the reminder names it: by its name, else as the app does (childLabel) in the email's language. */
type ReminderChild = { name: string; first: boolean; index: number };

function childName(t: EmailText, child: ReminderChild): string {
  if (child.name.trim() !== '') return childLabel(child, child.index);
  return child.first ? t('reminder.yourChild') : t('reminder.child', { number: child.index + 1 });
}

/** "Ada", "Ada and Ben", "Ada, Ben and Cleo" in the email's language. */
function childNames(t: EmailText, children: ReminderChild[]): string {
  const names = children.map((child) => childName(t, child));
  return names.length === 1 ? (names[0] ?? '') : t('reminder.names', { names: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });
}

/** The reminder, in the language of the household's owner (who gets it). */
function reminderMail(appUrl: string, to: string, children: ReminderChild[], token: string, language: Language): Mail {
  const t = emailText(language);
  const who = childNames(t, children);
  const unsubscribe = `${appUrl}/api/reminders/unsubscribe/${token}`;
  return {
    to,
    subject: t('reminder.subject', { who }),
    text: [t('reminder.hello'), '', t('reminder.due', { who }), t('reminder.open', { url: `${appUrl}/rotation` }), '', t('reminder.why'), t('reminder.stop', { url: unsubscribe }), ''].join('\n'),
    language,
    // RFC 2369 and RFC 8058: the mail program's own unsubscribe button POSTs to the link at once
    // (the link opened in a browser asks first, so a mail scanner's GET changes nothing).
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
