import { DATE_STYLES, formatDate } from '../../i18n/format.js';

/** Spec section 4: the last rotation date as short weekday, month and day, e.g. 'Sun, Nov 22'. */
export function formatRotationDate(time: number): string {
  return formatDate(time, DATE_STYLES.weekdayDay);
}

/** History entries also carry the time, as a parent may rotate more than once a day. */
export function formatRotationTime(time: number): string {
  return `${formatDate(time, DATE_STYLES.weekdayDay)}, ${formatDate(time, DATE_STYLES.time)}`;
}
