import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative, formatTableDate, formatWhen, isoDate } from './dates';

describe('dates', () => {
  const at = '2026-11-24T07:05:09';

  it('writes each house format, in local time', () => {
    expect(formatTableDate(at)).toBe('24-11-2026 07:05:09');
    expect(formatDate(at, 'input')).toBe('24-11-2026 07:05');
    expect(formatDate(at, 'day')).toBe('24 Nov 2026');
    expect(formatDate(at, 'dayTime')).toBe('24 Nov 2026, 07:05');
    expect(formatDate(at, 'week')).toBe('24 Nov');
  });

  it('answers the fallback for a missing or bad date', () => {
    expect(formatTableDate(null)).toBe('-');
    expect(formatTableDate('not a date')).toBe('-');
    expect(formatDate(undefined, 'day')).toBe('');
    expect(formatRelative('')).toBe('');
    expect(isoDate('nope')).toBeUndefined();
  });

  it('says how long ago, or how long until', () => {
    const now = new Date('2026-11-24T10:05:09');
    expect(formatRelative(at, now)).toBe('3 hours ago');
    expect(formatRelative('2026-12-01T10:05:09', now)).toBe('in 7 days');
  });

  it('says a date shown on its own relatively within a day of now, and by its day after (one rule)', () => {
    const now = new Date('2026-11-24T10:05:09');
    expect(formatWhen(at, now)).toBe('3 hours ago');
    expect(formatWhen('2026-11-24T15:05:09', now)).toBe('in 5 hours');
    expect(formatWhen('2026-11-23T10:05:10', now)).toBe('a day ago');
    expect(formatWhen('2026-11-23T10:05:09', now)).toBe('23 Nov 2026');
    expect(formatWhen('2026-11-26T09:00:00', now)).toBe('26 Nov 2026');
    expect(formatWhen(null, now)).toBe('');
  });

  it('gives <time> an ISO instant', () => {
    expect(isoDate('2026-11-24T07:05:09Z')).toBe('2026-11-24T07:05:09.000Z');
  });
});
