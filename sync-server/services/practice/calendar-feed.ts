import { createHash } from 'node:crypto';
import ical from 'ical-generator';
import { listChildren } from '../../../shared/domain/children.js';
import { upcomingDueDays, type Day } from '../../../shared/domain/schedule.js';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../shared/languages.js';
import type { SettingsDoc } from '../../../shared/schemas/docs.js';
import type { AppDeps } from '../../context.js';
import type { HouseholdId } from '../../db/schema.js';
import { calendarText, type CalendarText } from '../../i18n/calendar-text.js';
import { requestLanguage } from '../../i18n/emails.js';
import { loadSettingsDoc } from './children.js';
import { householdOwner } from '../household/household-owner.js';

// GET /api/calendar/{secret}.ics (issue 14, decision 018), in the person's language (decision
// 044). A calendar program fetches the feed on its own, often from a server far from the
// person, so its request says little about them: the link carries the language of the person
// who made it (`?lang=de`); a link without one (made before languages) follows the household
// owner's language, else the language the fetching program asks for, else English.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** How many due days per child the feed lists. */
const FEED_OCCURRENCES = 8;

/** A child as the app names it, in the feed's language ("Your child", "Child 2" until named). */
function childName(t: CalendarText, child: { name: string; first: boolean }, index: number): string {
  if (child.name.trim() !== '') return child.name;
  return child.first ? t('yourChild') : t('child', { number: index + 1 });
}

/** The due days ahead, each with the children due then (first child first). */
function dueDays(t: CalendarText, settings: SettingsDoc, now: number, perChild: number): Map<Day, string[]> {
  const days = new Map<Day, string[]>();
  listChildren(settings).forEach((child, index) => {
    for (const day of upcomingDueDays(child, settings.timeZone, now, perChild)) days.set(day, [...(days.get(day) ?? []), childName(t, child, index)]);
  });
  return new Map([...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The household owner's language, when their devices have said it. */
async function ownerLanguage(deps: Pick<AppDeps, 'db'>, householdId: HouseholdId): Promise<Language | null> {
  const row = await householdOwner(deps.db, householdId);
  return isLanguage(row?.language) ? row.language : null;
}

/** The feed's language: the link's, else the owner's, else the fetching program's, else English. */
async function feedLanguage(deps: Pick<AppDeps, 'db'>, householdId: HouseholdId, asked: { lang?: string; acceptLanguage?: string }): Promise<Language> {
  if (isLanguage(asked.lang)) return asked.lang;
  return (await ownerLanguage(deps, householdId)) ?? requestLanguage(asked.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The feed's link for a new secret, in the language of the person who made it. */
export function calendarFeedUrl(appUrl: string, secret: string, language: string | null | undefined): string {
  const base = `${appUrl}/api/calendar/${secret}.ics`;
  return isLanguage(language) ? `${base}?lang=${language}` : base;
}

/** The upcoming due days as all-day events; null for an unknown (or revoked) secret. */
export async function calendarFeed(deps: AppDeps, secret: string, asked: { lang?: string; acceptLanguage?: string } = {}): Promise<string | null> {
  const row = await deps.db.selectFrom('calendar_feeds').select('owner_id').where('secret_hash', '=', sha256(secret)).executeTakeFirst();
  if (!row) return null;
  const settings = await loadSettingsDoc(deps.db, row.owner_id);
  const t = calendarText(await feedLanguage(deps, row.owner_id, asked));
  const calendar = ical({ name: t('name'), prodId: { company: 'Toy Rotation', product: 'Rotation schedule' }, ttl: 6 * 60 * 60 });
  for (const [day, names] of dueDays(t, settings, deps.now(), FEED_OCCURRENCES)) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: `${day}-${sha256(row.owner_id).slice(0, 16)}@toyrotation`,
      start: new Date(Date.UTC(year, month - 1, date)), // all-day: ical-generator writes the UTC date
      allDay: true,
      summary: t('summary', { names: names.join(', ') }),
      description: t('description'),
      url: `${deps.env.APP_URL}/rotation`,
    });
  }
  return calendar.toString();
}
