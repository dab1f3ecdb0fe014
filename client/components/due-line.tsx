import { Trans, useTranslation } from 'react-i18next';
import { isRotationDue, nextDueDay, type Day, type Scheduled } from '../../shared/domain/schedule.js';
import { DATE_STYLES, formatDate } from '../i18n/format.js';

/** A due day (YYYY-MM-DD) as the spec's short date, e.g. 'Mon, Nov 30'. */
function formatDay(day: Day): string {
  return formatDate(new Date(`${day}T00:00:00Z`), { ...DATE_STYLES.weekdayDay, timeZone: 'UTC' });
}

type DueLineProps = { child: Scheduled; timeZone: string | null; now: number; who?: string };

/** "Rotation due" or when the next one is; nothing without a schedule (the spec's default). */
export function DueLine({ child, timeZone, now, who }: DueLineProps) {
  const { t } = useTranslation('app');
  const day = nextDueDay(child, timeZone, now);
  if (day === null) return null;
  // "Mia: " before the line when the screen shows several children.
  const prefix = who ? t('due.who', { name: who }) : '';
  if (isRotationDue(child, timeZone, now)) {
    return (
      <p className="due-line due-line--due" data-testid="due-line">
        {prefix}
        <strong>{t('due.now')}</strong>
      </p>
    );
  }
  return (
    <p className="due-line" data-testid="due-line">
      {prefix}
      <Trans t={t} i18nKey="due.next" values={{ day: formatDay(day) }} components={{ b: <strong /> }} />
    </p>
  );
}
