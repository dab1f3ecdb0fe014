import { isRotationDue, nextDueDay, type Day, type Scheduled } from '../../shared/domain/schedule.js';

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A due day (YYYY-MM-DD) as the spec's short date, e.g. 'Mon, Nov 30'. */
function formatDay(day: Day): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

type DueLineProps = { child: Scheduled; timeZone: string | null; now: number; who?: string };

/** "Rotation due" or when the next one is; nothing without a schedule (the spec's default). */
export function DueLine({ child, timeZone, now, who }: DueLineProps) {
  const day = nextDueDay(child, timeZone, now);
  if (day === null) return null;
  const prefix = who ? `${who}: ` : '';
  if (isRotationDue(child, timeZone, now)) {
    return (
      <p className="due-line due-line--due" data-testid="due-line">
        {prefix}
        <strong>Rotation due</strong>
      </p>
    );
  }
  return (
    <p className="due-line" data-testid="due-line">
      {prefix}Next rotation: <strong>{formatDay(day)}</strong>
    </p>
  );
}
