const shortDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });
const shortTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** Spec section 4: the last rotation date as short weekday, month and day, e.g. 'Sun, Nov 22'. */
export function formatRotationDate(time: number): string {
  return shortDate.format(new Date(time));
}

/** History entries also carry the time, as a parent may rotate more than once a day. */
export function formatRotationTime(time: number): string {
  return `${shortDate.format(new Date(time))}, ${shortTime.format(new Date(time))}`;
}
