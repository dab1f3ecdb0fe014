// The rotation schedule (issue 14, decision 018): a rotation interval per child (1-30 days, or
// none). Due days are calendar days in the household's time zone: a rotation on a Monday with
// a 7-day interval is due the next Monday, whatever the hour.

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `timeZone` is a time zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day of an instant in a time zone (UTC when none or unknown). */
export function dayOf(instant: number, timeZone: string | null): Day {
  const zone = timeZone && isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  const parts = formatterFor(zone).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: Day, days: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export type Scheduled = { lastRotationDate: number | null; rotationIntervalDays: number | null };

/**
 * The day the next rotation is due: the last rotation's day plus the interval; today when
 * the child was never rotated; null without a schedule.
 */
export function nextDueDay(child: Scheduled, timeZone: string | null, now: number): Day | null {
  if (child.rotationIntervalDays === null) return null;
  if (child.lastRotationDate === null) return dayOf(now, timeZone);
  return addDays(dayOf(child.lastRotationDate, timeZone), child.rotationIntervalDays);
}

/** "Rotation due": the due day is today or has passed. */
export function isRotationDue(child: Scheduled, timeZone: string | null, now: number): boolean {
  const due = nextDueDay(child, timeZone, now);
  return due !== null && due <= dayOf(now, timeZone);
}

/** The next `count` due days (the next one, then every interval after it), for a calendar. */
export function upcomingDueDays(child: Scheduled, timeZone: string | null, now: number, count: number): Day[] {
  const first = nextDueDay(child, timeZone, now);
  if (first === null || child.rotationIntervalDays === null) return [];
  return Array.from({ length: count }, (_, i) => addDays(first, i * (child.rotationIntervalDays as number)));
}
