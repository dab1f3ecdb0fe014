import { describe, expect, it } from 'vitest';
import { formatRotationDate, formatRotationTime } from './rotation-format.js';

describe('formatRotationDate', () => {
  it('shows short weekday, month and day', () => {
    expect(formatRotationDate(new Date(2026, 10, 22, 9, 30).getTime())).toBe('Sun, Nov 22');
    expect(formatRotationDate(new Date(2027, 0, 1).getTime())).toBe('Fri, Jan 1');
  });
  it('adds the time for history entries', () => {
    expect(formatRotationTime(new Date(2026, 10, 22, 9, 30).getTime())).toBe('Sun, Nov 22, 9:30 AM');
  });
});
